import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';

/** A table's title cell, linked to the row's page. */
export function TitleLink({ title, to }: { title: string; to: string }) {
  return (
    <Link component={RouterLink} to={to}>
      {title}
    </Link>
  );
}
