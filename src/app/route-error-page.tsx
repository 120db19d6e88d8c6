import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useDocumentTitle } from '../components/use-document-title';

/**
 * The last resort when a page fails to render or its code fails to load (often a deploy that
 * replaced the chunks of an open tab); reloading fetches the current version.
 */
export function RouteErrorPage({ error }: { error: unknown }) {
  useDocumentTitle('Something went wrong');
  return (
    <Box component="main" sx={{ maxWidth: 640, mx: 'auto', p: 3, display: 'grid', gap: 2 }}>
      <Typography variant="h4" component="h1">
        Something went wrong
      </Typography>
      <Typography>The page could not be shown. Reloading usually helps.</Typography>
      {/* Not MUI's Alert: with its icons it would add about 2 KB gzip to every first load. */}
      {error instanceof Error && (
        <Typography
          role="alert"
          sx={{ color: 'error.main', border: 1, borderColor: 'error.main', borderRadius: 1, p: 2 }}
        >
          {error.message}
        </Typography>
      )}
      <Box>
        <Button variant="contained" onClick={() => window.location.reload()}>
          Reload the page
        </Button>
      </Box>
    </Box>
  );
}
