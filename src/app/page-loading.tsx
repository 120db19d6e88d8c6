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
