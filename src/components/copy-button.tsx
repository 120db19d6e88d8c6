import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/Check';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';

type CopyStatus = 'idle' | 'copied' | 'failed';

const statusMessages: Record<CopyStatus, string> = {
  idle: '',
  copied: 'Copied to the clipboard.',
  failed: 'Copying failed; select the text and copy it yourself.',
};

const resetAfterMs = 4000;

export function CopyButton({ text, label }: { text: string; label: string }) {
  const [status, setStatus] = useState<CopyStatus>('idle');

  useEffect(() => {
    if (status === 'idle') return;
    const timer = window.setTimeout(() => setStatus('idle'), resetAfterMs);
    return () => window.clearTimeout(timer);
  }, [status]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setStatus('copied');
    } catch {
      setStatus('failed');
    }
  };

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
      <Button
        variant="outlined"
        startIcon={status === 'copied' ? <CheckIcon /> : <ContentCopyIcon />}
        onClick={() => void copy()}
      >
        {label}
      </Button>
      <Typography
        role="status"
        variant="body2"
        color={status === 'failed' ? 'error' : 'text.secondary'}
      >
        {statusMessages[status]}
      </Typography>
    </Box>
  );
}
