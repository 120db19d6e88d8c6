import Link from '@mui/material/Link';
import { RouterLink } from '../../components/router-link';

/** A table's title cell, linked to the row's page. */
export function TitleLink({ title, to }: { title: string; to: string }) {
  return (
    <Link component={RouterLink} to={to}>
      {title}
    </Link>
  );
}
