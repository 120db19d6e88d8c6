import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { ApiError } from '../api/http';
import type { PendingAction } from './undoable-action';

interface UndoSnackbarsProps {
  pending: PendingAction[];
  onUndo: (id: number) => void;
  onDismiss: (id: number) => void;
}

function describe(error: unknown): string {
  if (error instanceof ApiError) return `${error.code}: ${error.message}`;
  return error instanceof Error ? error.message : String(error);
}

function PendingMessage({ entry }: { entry: PendingAction }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  if (entry.state === 'running') return <>{`${entry.label}…`}</>;
  const seconds = Math.max(0, Math.ceil((entry.deadline - now) / 1000));
  return <>{`${entry.label} in ${seconds} s`}</>;
}

/** Bottom-left stack of pending deletions: Undo while waiting, the API's error when one failed. */
export default function UndoSnackbars({ pending, onUndo, onDismiss }: UndoSnackbarsProps) {
  return (
    <Stack
      spacing={1}
      role="region"
      aria-label="Pending deletions"
      sx={{
        position: 'fixed',
        left: 16,
        bottom: 16,
        zIndex: (theme) => theme.zIndex.snackbar,
        maxWidth: 'min(480px, calc(100vw - 32px))',
      }}
    >
      {pending.map((entry) =>
        entry.state === 'failed' ? (
          <Alert
            key={entry.id}
            severity="error"
            variant="filled"
            role="alert"
            action={
              <Button color="inherit" size="small" onClick={() => onDismiss(entry.id)}>
                Dismiss
              </Button>
            }
          >
            <AlertTitle>{entry.failureTitle}</AlertTitle>
            {describe(entry.error)}
          </Alert>
        ) : (
          <Paper
            key={entry.id}
            elevation={6}
            role="status"
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 2,
              px: 2,
              py: 1,
              bgcolor: 'grey.900',
              color: 'common.white',
            }}
          >
            <span>
              <PendingMessage entry={entry} />
            </span>
            {entry.state === 'waiting' && (
              <Button
                size="small"
                variant="outlined"
                color="inherit"
                onClick={() => onUndo(entry.id)}
                sx={{ ml: 'auto' }}
              >
                Undo
              </Button>
            )}
          </Paper>
        ),
      )}
    </Stack>
  );
}
