import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { useSearchParams } from 'react-router';
import type { Account } from '../../../contract/account';
import type { PartnerAccount } from '../../../contract/partner';
import { accountQueries } from '../../api/account';
import { partnerAccountListCall, partnerQueries } from '../../api/partner';
import { ApiCallPanel } from '../../components/api-call-panel';
import { PageHeader } from '../../components/page-header';
import { EmptyState } from '../../components/query-state';
import { QueryView } from '../../components/query-view';
import { QueryTable } from '../../components/query-table';
import { formatNumber } from '../../lib/format';
import { CreateAccountDialog } from './create-account-dialog';
import { CustomerBillingSection } from './customer-billing-section';
import { currentMonth, customerName, monthPattern } from './customer-billing';
import { useCreateDialog } from '../../components/use-create-dialog';
import { RouterLink } from '../../components/router-link';

const title = 'Partner console';

/** The partner console (api-rules §4.9): for the accounts the partner account list answers. */
export function PartnerPage() {
  const account = useQuery(accountQueries.detail());
  const partner = useQuery(accountQueries.partner());
  if (partner.data) return <PartnerConsole partner={account.data?.partner} />;
  return (
    <>
      <PageHeader title={title} />
      <QueryView
        query={partner}
        loading="Loading your account"
        failure="Your account could not be loaded"
      >
        {() => (
          <QueryView
            query={account}
            loading="Loading your account"
            failure="Your account could not be loaded"
          >
            {({ username }) => (
              <EmptyState
                title="The partner console is for partner accounts only."
                description={
                  <>
                    The account <strong>{username}</strong> is not a partner account, so it cannot
                    create or manage customer accounts.{' '}
                    <Link component={RouterLink} to="/">
                      Back to the dashboard
                    </Link>
                  </>
                }
              />
            )}
          </QueryView>
        )}
      </QueryView>
    </>
  );
}

const column = createColumnHelper<PartnerAccount>();
const columns = [
  column.accessor('username', { header: 'Username' }),
  column.accessor((row) => customerName(row), { id: 'customer', header: 'Customer' }),
  column.accessor((row) => `${row.first_name} ${row.last_name}`, {
    id: 'contact',
    header: 'Contact',
  }),
  column.accessor('email', { header: 'Email' }),
  column.accessor('phone', { header: 'Phone' }),
  column.accessor('country', { header: 'Country' }),
];

/** The sandbox's record says how many accounts the partner may still create; the real one does not. */
function Allowance({ partner }: { partner: Account['partner'] }) {
  if (!partner) return null;
  const { account_creation_limit: limit, accounts_created: created } = partner;
  if (limit === null) {
    return (
      <Typography color="text.secondary">
        You have created {formatNumber(created)} accounts; there is no creation limit.
      </Typography>
    );
  }
  const remaining = Math.max(0, limit - created);
  return (
    <Typography color={remaining === 0 ? 'error' : 'text.secondary'}>
      {remaining === 0
        ? `You have used all ${formatNumber(limit)} account creations of your partner contract.`
        : `You can create ${formatNumber(remaining)} more of your ${formatNumber(limit)} accounts (${formatNumber(created)} created).`}
    </Typography>
  );
}

function PartnerConsole({ partner }: { partner: Account['partner'] }) {
  const accounts = useQuery(partnerQueries.accounts(useQueryClient()));
  const [search, setSearch] = useSearchParams();
  const creating = useCreateDialog();
  const [created, setCreated] = useState<PartnerAccount | null>(null);
  const requested = search.get('month') ?? '';
  const month = monthPattern.test(requested) ? requested : currentMonth();
  const atLimit =
    !!partner &&
    partner.account_creation_limit !== null &&
    partner.accounts_created >= partner.account_creation_limit;

  return (
    <>
      <PageHeader
        title={title}
        description="Create accounts for your customers, billed on your invoicing, and follow what each of them costs per month."
        actions={
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={creating.start}
            disabled={atLimit}
          >
            Create account
          </Button>
        }
      />
      <Box sx={{ display: 'grid', gap: 4 }}>
        <Box
          component="section"
          aria-labelledby="customer-accounts-heading"
          sx={{ display: 'grid', gap: 2 }}
        >
          <Typography id="customer-accounts-heading" variant="h6" component="h2">
            Customer accounts
          </Typography>
          <Allowance partner={partner} />
          <ApiCallPanel read={partnerAccountListCall} />
          {created && (
            <Alert severity="success" onClose={() => setCreated(null)}>
              The account <strong>{created.username}</strong> was created. It signs in with its
              username and the password you chose.
            </Alert>
          )}
          <QueryTable
            query={accounts}
            loading="Loading customer accounts"
            failure="Customer accounts could not be loaded"
            empty={{
              title: 'No customer accounts yet.',
              description: 'Create one for each customer; it is billed on your invoicing.',
            }}
            label="Customer accounts"
            columns={columns}
            getRowId="username"
            rowHeaderColumn="username"
          />
        </Box>
        {accounts.isSuccess && (
          <CustomerBillingSection
            accounts={accounts.data}
            month={month}
            onMonthChange={(next) =>
              setSearch(
                (current) => {
                  const params = new URLSearchParams(current);
                  params.set('month', next);
                  return params;
                },
                { replace: true },
              )
            }
          />
        )}
      </Box>
      {creating.open && <CreateAccountDialog {...creating.dialog(setCreated)} />}
    </>
  );
}
