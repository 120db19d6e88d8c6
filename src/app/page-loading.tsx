import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** Shown while the first page's code loads, before any layout exists. */
export function PageLoading() {
  return (
    <Box aria-busy="true" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
      <CircularProgress aria-label="Loading Skydeck" />
    </Box>
  );
}

/** Shown inside the app shell while a page's code loads. */
export function ContentLoading() {
  return (
    <Box aria-busy="true" sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
      <CircularProgress aria-label="Loading page" />
    </Box>
  );
}
