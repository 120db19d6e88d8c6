import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { Account } from '../../../contract/account';
import { DescriptionList, Field } from '../../components/description-list';
import { defaultCurrency, formatCredits } from '../../lib/format';

export function AccountSummary({ account }: { account: Account }) {
  const currency = account.currency ?? defaultCurrency;
  return (
    <Card variant="outlined" component="section" aria-labelledby="account-heading">
      <CardContent>
        <Typography id="account-heading" variant="h6" component="h2" gutterBottom>
          Account
        </Typography>
        <DescriptionList terms="muted">
          <Field term="Username">{account.username}</Field>
          <Field term="Credits">{formatCredits(account.credits, currency)}</Field>
        </DescriptionList>
      </CardContent>
    </Card>
  );
}
