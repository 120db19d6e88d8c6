import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '../components/page-header';
import { paths } from './paths';

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
