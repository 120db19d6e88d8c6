import { useState } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import CheckIcon from '@mui/icons-material/Check';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';

interface ResourceNameProps {
  uuid: string;
  /** Undefined until the lookup answers: the UUID shows meanwhile, so nothing waits for it. */
  name: string | undefined;
}

/** A resource by its name, its UUID on hover and a button that copies the UUID. */
export function ResourceName({ uuid, name }: ResourceNameProps) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
      <span title={uuid}>{name ?? uuid}</span>
      <CopyUuidButton uuid={uuid} />
    </Box>
  );
}

/** A small button that copies the UUID, and says so. */
export function CopyUuidButton({ uuid }: { uuid: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(uuid);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <Tooltip title={copied ? 'Copied' : 'Copy the UUID'}>
      <IconButton size="small" aria-label={`Copy the UUID ${uuid}`} onClick={() => void copy()}>
        {copied ? <CheckIcon fontSize="inherit" /> : <ContentCopyIcon fontSize="inherit" />}
      </IconButton>
    </Tooltip>
  );
}
