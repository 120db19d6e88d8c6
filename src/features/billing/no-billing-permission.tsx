import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';

/** What an account without the billing role sees instead of its bill (api-reference-notes §10.3). */
export function NoBillingPermission() {
  return (
    <Alert severity="info">
      <AlertTitle>No billing permission</AlertTitle>
      This account may not read billing details. The main account’s owner can give it the billing
      role.
    </Alert>
  );
}
