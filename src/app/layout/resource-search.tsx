import { useState } from 'react';
import type { FormEvent } from 'react';
import Box from '@mui/material/Box';
import { useNavigate } from 'react-router';

/**
 * The app bar's search: paste a UUID to open its resource, or type a username or an IP address
 * to search the audit log. A plain input, since the shell is within a few KB of the first-load
 * budget; the lookup itself loads on the first search.
 */
export function ResourceSearch() {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = event.currentTarget.elements.namedItem('find') as HTMLInputElement;
    const text = input.value.trim();
    if (!text || busy) return;
    setBusy(true);
    try {
      const { resolveSearch } = await import('../resource-lookup');
      const target = await resolveSearch(text);
      input.value = '';
      await navigate(target.to, { state: target.state });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box
      component="form"
      role="search"
      aria-label="Find a resource"
      onSubmit={(event: FormEvent<HTMLFormElement>) => void handleSubmit(event)}
      sx={{ flex: '1 1 22rem', maxWidth: '22rem', minWidth: 0, ml: { xs: 0, sm: 2 } }}
    >
      <Box
        component="input"
        name="find"
        type="search"
        aria-label="UUID, username or IP address"
        placeholder="Find UUID, user or IP"
        aria-busy={busy}
        autoComplete="off"
        spellCheck={false}
        sx={{
          width: '100%',
          font: 'inherit',
          fontSize: '0.875rem',
          color: 'inherit',
          bgcolor: 'rgba(0, 0, 0, 0.25)',
          border: '1px solid rgba(255, 255, 255, 0.6)',
          borderRadius: 1,
          px: 1.5,
          py: 0.75,
          '&::placeholder': { color: 'inherit', opacity: 0.85 },
          '&:focus-visible': { outline: '2px solid currentColor', outlineOffset: 1 },
        }}
      />
    </Box>
  );
}
