import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import type { ApiError } from '../api/http';

interface ApiErrorAlertProps {
  error: ApiError;
  title: string;
  action?: ReactNode;
}

/**
 * An API failure as the user should see it: what failed, the API's message and its code; for a
 * failure on the service's side (5xx, or no answer at all), that trying again is the way out.
 */
export function ApiErrorAlert({ error, title, action }: ApiErrorAlertProps) {
  const transient = error.status === 0 || error.status >= 500;
  return (
    <Alert severity="error" action={action}>
      <AlertTitle>{title}</AlertTitle>
      {error.message}{' '}
      <Box component="code" sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
        ({error.code})
      </Box>
      {error.details.length > 0 && (
        <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5, overflowWrap: 'anywhere' }}>
          {error.details.map((detail) => (
            <li key={detail}>
              <Box component="code" sx={{ fontFamily: 'monospace' }}>
                {detail}
              </Box>
            </li>
          ))}
        </Box>
      )}
      {transient && (
        <Box component="span" sx={{ display: 'block', mt: 0.5 }}>
          This is a temporary problem: what you entered is kept, so you can try again.
        </Box>
      )}
    </Alert>
  );
}
