import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { PageHeader } from '../components/page-header';
import { paths } from './paths';
import { RouterLink } from '../components/router-link';

export function NotFoundPage() {
  return (
    <>
      <PageHeader title="Page not found" />
      <Typography>
        There is no page at this address. Check the link, or go back to the{' '}
        <Link component={RouterLink} to={paths.dashboard()}>
          dashboard
        </Link>
        .
      </Typography>
    </>
  );
}
