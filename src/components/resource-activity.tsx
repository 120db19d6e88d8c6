import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { AuditLog } from '../../contract/audit-log';
import { auditLogQueries } from '../api/audit-logs';
import { links } from '../lib/links';
import { AuditEventDrawer } from './audit-event-drawer';
import { AuditLogTable, AuditPageControls } from './audit-log-table';
import { EmptyState, ErrorState, LoadingState } from './query-state';
import { RouterLink } from './router-link';

const pageSize = 25;

interface ResourceActivityProps {
  /** The resource's UUID, or the id its audit rows carry (an IP address resource: its address). */
  resourceId: string;
  /**
   * The audit resource type, for ids that `q` also matches elsewhere: an IP address also
   * matches the rows of changes made from that address, which this narrows away.
   */
  resourceType?: string;
}

/**
 * The audit rows of one resource (every change and who made it), newest first, for a detail
 * page's Activity tab.
 */
export function ResourceActivity({ resourceId, resourceType }: ResourceActivityProps) {
  const [offset, setOffset] = useState(0);
  const [open, setOpen] = useState<AuditLog | null>(null);
  const activity = useQuery({
    ...auditLogQueries.list({
      q: resourceId,
      ...(resourceType ? { resource_types: [resourceType] } : {}),
      limit: pageSize,
      offset,
    }),
    placeholderData: keepPreviousData,
  });

  return (
    <Box component="section" aria-labelledby="resource-activity">
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'baseline',
          justifyContent: 'space-between',
          gap: 2,
          mb: 1,
        }}
      >
        <Typography id="resource-activity" variant="h6" component="h2">
          Activity
        </Typography>
        <Link
          component={RouterLink}
          to={links.auditLogs({
            q: resourceId,
            ...(resourceType ? { type: [resourceType] } : {}),
          })}
        >
          Open in the audit log
        </Link>
      </Box>
      {activity.isPending && <LoadingState label="Loading activity" />}
      {activity.isError && (
        <ErrorState
          error={activity.error}
          title="The activity could not be loaded"
          onRetry={() => void activity.refetch()}
        />
      )}
      {activity.isSuccess &&
        (activity.data.rows.length === 0 && offset === 0 ? (
          <EmptyState
            title="No recorded activity."
            description="Changes to this resource appear here once they are made."
          />
        ) : (
          <>
            <AuditLogTable
              label="Activity"
              rows={activity.data.rows}
              onOpen={setOpen}
              showResource={false}
            />
            <AuditPageControls
              offset={offset}
              limit={pageSize}
              total={activity.data.total}
              shown={activity.data.rows.length}
              onOffset={setOffset}
            />
          </>
        ))}
      <AuditEventDrawer
        eventId={open?.cloud_event_id ?? null}
        initial={open ?? undefined}
        onClose={() => setOpen(null)}
      />
    </Box>
  );
}
