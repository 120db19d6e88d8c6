import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import type { Account } from '../../../contract/account';
import { defaultCurrency, formatCredits } from '../../lib/format';

export function AccountSummary({ account }: { account: Account }) {
  const currency = account.currency ?? defaultCurrency;
  return (
    <Card variant="outlined" component="section" aria-labelledby="account-heading">
      <CardContent>
        <Typography id="account-heading" variant="h6" component="h2" gutterBottom>
          Account
        </Typography>
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: 'max-content 1fr',
            columnGap: 3,
            rowGap: 1,
            m: 0,
            '& dd': { m: 0 },
            '& dt': { color: 'text.secondary' },
          }}
        >
          <dt>Username</dt>
          <dd>{account.username}</dd>
          <dt>Credits</dt>
          <dd>{formatCredits(account.credits, currency)}</dd>
        </Box>
      </CardContent>
    </Card>
  );
}
