import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { Account } from '../../../contract/account';
import { accountQueries } from '../../api/account';
import { useAccountCurrency } from '../../api/account-details';
import { PageHeader } from '../../components/page-header';
import { PageSection } from '../../components/page-section';
import { EmptyState } from '../../components/query-state';
import { QueryView } from '../../components/query-view';
import { SectionCard } from '../../components/section-card';
import { defaultCurrency, formatCredits } from '../../lib/format';
import { compareResourceKeys, formatLimit, resourceLabel } from '../../lib/resource-limits';
import { DescriptionList } from '../../components/description-list';

interface UsageRow {
  key: string;
  label: string;
  /** Undefined when the API gave no count: shown as "—", never as 0. */
  used: number | undefined;
  limit: number | null;
}

/**
 * Every resource with a limit or in use, with its use and limit: a resource in use that the limits
 * leave out (the Standard tier, say) has no limit of its own and still has its row; resources the
 * account cannot use are left out.
 */
export function usageAgainstLimits(
  limits: Account['resource_limits'],
  usage: Record<string, number>,
): UsageRow[] {
  const keys = new Set([
    ...Object.keys(limits),
    ...Object.keys(usage).filter((key) => (usage[key] ?? 0) > 0),
  ]);
  return [...keys]
    .map((key) => ({
      key,
      label: resourceLabel(key),
      used: usage[key],
      limit: limits[key] ?? null,
    }))
    .filter(({ key, limit }) => limit !== 0 || (usage[key] ?? 0) > 0)
    .sort((a, b) => compareResourceKeys(a.key, b.key));
}

function AccountDetails({ account }: { account: Account }) {
  const currency = useAccountCurrency() ?? defaultCurrency;
  return (
    <SectionCard title="Details">
      <DescriptionList terms="muted">
        <dt>Username</dt>
        <dd>{account.username}</dd>
        <dt>Currency</dt>
        <dd>{currency}</dd>
        <dt>Credits</dt>
        <dd>{formatCredits(account.credits, currency)}</dd>
        {account.trial_mode !== undefined && (
          <>
            <dt>Trial</dt>
            <dd>{account.trial_mode === 1 ? 'Trial account' : 'No'}</dd>
          </>
        )}
      </DescriptionList>
    </SectionCard>
  );
}

function UsageList({ rows }: { rows: UsageRow[] }) {
  if (rows.length === 0) return <EmptyState title="No resource limits are set for this account." />;
  return (
    <Box
      component="ul"
      aria-label="Resource usage"
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 18rem), 1fr))',
      }}
    >
      {rows.map((row) => {
        const used = row.used === undefined ? '—' : formatLimit(row.key, row.used);
        const text =
          row.limit === null
            ? `${used} used, no limit`
            : `${used} of ${formatLimit(row.key, row.limit)}`;
        const percent =
          row.used === undefined || row.limit === null || row.limit === 0
            ? 0
            : Math.min(100, (row.used / row.limit) * 100);
        return (
          <li key={row.key}>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
              <Typography component="span" variant="body2" sx={{ fontWeight: 600 }}>
                {row.label}
              </Typography>
              <Typography component="span" variant="body2" color="text.secondary">
                {text}
              </Typography>
            </Box>
            {row.limit !== null && row.used !== undefined && (
              <LinearProgress
                variant="determinate"
                value={percent}
                color={percent >= 90 ? 'error' : percent >= 75 ? 'warning' : 'primary'}
                aria-label={`${row.label} used`}
                aria-valuetext={text}
                sx={{ mt: 0.5, height: 8, borderRadius: 4 }}
              />
            )}
          </li>
        );
      })}
    </Box>
  );
}

export function AccountPage() {
  const account = useQuery(accountQueries.detail());
  const usage = useQuery(accountQueries.resourceUsage());

  return (
    <>
      <PageHeader
        title="Account"
        description="Your account details, remaining credits and how much of each resource limit is in use."
      />
      <Box sx={{ display: 'grid', gap: 4 }}>
        <QueryView
          query={account}
          loading="Loading your account"
          failure="Your account could not be loaded"
        >
          {(data) => <AccountDetails account={data} />}
        </QueryView>
        <PageSection title="Resource usage">
          <QueryView
            query={usage}
            loading="Loading resource usage"
            failure="Resource usage could not be loaded"
          >
            {(data) =>
              account.isSuccess && (
                <UsageList rows={usageAgainstLimits(account.data.resource_limits, data)} />
              )
            }
          </QueryView>
        </PageSection>
      </Box>
    </>
  );
}
