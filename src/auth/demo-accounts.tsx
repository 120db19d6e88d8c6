import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { getDemoAccounts } from '../api/sandbox';

export type DemoAccount = Awaited<ReturnType<typeof getDemoAccounts>>[number];

/**
 * The sandbox's seeded accounts, one click each to fill the password form. Only a sandbox
 * answers the list: in proxy mode (and while it loads) nothing shows. Read once with a plain
 * request: TanStack Query's observer would cost the sign-in page's first load about 3 KB.
 */
export function DemoAccounts({ onChoose }: { onChoose: (account: DemoAccount) => void }) {
  const [accounts, setAccounts] = useState<DemoAccount[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    getDemoAccounts(controller.signal).then(setAccounts, () => setAccounts([]));
    return () => controller.abort();
  }, []);
  if (accounts.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="demo-accounts-title" sx={{ mt: 3 }}>
      <Typography id="demo-accounts-title" variant="subtitle1" component="h2">
        Sandbox demo accounts
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        This panel runs on the sandbox. Choose an account to fill in its username and password.
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
        {accounts.map((account) => (
          <li key={account.username}>
            <Button
              variant="outlined"
              fullWidth
              onClick={() => onChoose(account)}
              sx={{ justifyContent: 'flex-start', textAlign: 'left', textTransform: 'none' }}
            >
              <Box component="span">
                <Box component="strong" sx={{ display: 'block' }}>
                  {account.username}
                </Box>
                <Box component="span" sx={{ typography: 'body2', color: 'text.secondary' }}>
                  {account.description}
                </Box>
              </Box>
            </Button>
          </li>
        ))}
      </Box>
    </Box>
  );
}
