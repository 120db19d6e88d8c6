import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import { accountQueries } from '../../api/account';
import { PageHeader } from '../../components/page-header';
import { ErrorState, LoadingState } from '../../components/query-state';
import { AccountSummary } from './account-summary';
import { ResourceLimitsTable } from './resource-limits-table';
import { SectionCards } from './section-cards';
import type { DashboardSection } from './section-cards';

export function DashboardPage({ sections }: { sections: readonly DashboardSection[] }) {
  const account = useQuery(accountQueries.detail());
  const partner = useQuery(accountQueries.partner()).data === true;

  return (
    <>
      <PageHeader title="Dashboard" />
      <Box sx={{ display: 'grid', gap: 4 }}>
        {account.isPending && <LoadingState label="Loading your account" />}
        {account.isError && (
          <ErrorState
            error={account.error}
            title="Your account could not be loaded"
            onRetry={() => void account.refetch()}
          />
        )}
        {account.isSuccess && <AccountSummary account={account.data} />}
        <SectionCards sections={sections.filter((section) => !section.partnerOnly || partner)} />
        {account.isSuccess && <ResourceLimitsTable limits={account.data.resource_limits} />}
      </Box>
    </>
  );
}
