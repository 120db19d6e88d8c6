import { lazy, Suspense } from 'react';
import Box from '@mui/material/Box';
import { LoadingState } from '../../components/query-state';
import type { ResourceSection } from '../../components/resource-tabs';
import { useSectionPanel } from '../../components/resource-tabs';
import type { ServerSectionProps } from './server-section';

export const backupsSection: ResourceSection = { value: 'backups', label: 'Backups' };

// The form, the price list and the backup list load when the tab is first opened.
const ServerBackups = lazy(async () => ({
  default: (await import('./server-backups-panel')).ServerBackups,
}));

/** The server page's Backups tab panel (ResourceTabs `sections`). */
export function ServerBackupsPanel({ server, sections }: Omit<ServerSectionProps, 'notify'>) {
  const panel = useSectionPanel(backupsSection.value, sections);
  return (
    <Box {...panel}>
      {!panel.hidden && (
        <Suspense fallback={<LoadingState label="Loading backups" />}>
          <ServerBackups server={server} />
        </Suspense>
      )}
    </Box>
  );
}
