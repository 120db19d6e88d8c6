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

/** An API failure as the user should see it: what failed, the API's message and its code. */
export function ApiErrorAlert({ error, title, action }: ApiErrorAlertProps) {
  return (
    <Alert severity="error" action={action}>
      <AlertTitle>{title}</AlertTitle>
      {error.message}{' '}
      <Box component="code" sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
        ({error.code})
      </Box>
    </Alert>
  );
}
