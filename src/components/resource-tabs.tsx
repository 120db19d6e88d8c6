import { lazy, Suspense } from 'react';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useSearchParams } from 'react-router';
import { LoadingState } from './query-state';

// The activity table, drawer and audit client load when the tab is first opened.
const ResourceActivity = lazy(async () => ({
  default: (await import('./resource-activity')).ResourceActivity,
}));

type Section = 'overview' | 'activity';

// A page has one set of these tabs, so fixed ids tie each tab to its panel.
const tabId = (section: Section) => `resource-tab-${section}`;
const panelId = (section: Section) => `resource-panel-${section}`;

function useSection(): [Section, (next: Section) => void] {
  const [search, setSearch] = useSearchParams();
  const section: Section = search.get('tab') === 'activity' ? 'activity' : 'overview';
  const select = (next: Section) =>
    setSearch(
      (current) => {
        const params = new URLSearchParams(current);
        if (next === 'overview') params.delete('tab');
        else params.set('tab', next);
        return params;
      },
      { replace: true },
    );
  return [section, select];
}

/**
 * Props for the element holding a detail page's overview: it is the Overview tab's panel and
 * is hidden while the Activity tab is open (inline, so it wins over the element's own display).
 */
export function useOverviewPanel() {
  const [section] = useSection();
  const hidden = section !== 'overview';
  return {
    role: 'tabpanel',
    id: panelId('overview'),
    'aria-labelledby': tabId('overview'),
    hidden,
    style: hidden ? { display: 'none' } : undefined,
  } as const;
}

/**
 * A detail page's Overview and Activity tabs, and the Activity panel when it is open. The open
 * tab is in the URL (`?tab=activity`), so it can be linked and survives a reload. Place it under
 * the page header and spread `useOverviewPanel()` onto the overview's element.
 */
export function ResourceTabs({
  resourceId,
  resourceType,
}: {
  resourceId: string;
  /** See ResourceActivity: only for ids such as IP addresses that also match other rows. */
  resourceType?: string;
}) {
  const [section, select] = useSection();
  return (
    <>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
        <Tabs
          value={section}
          onChange={(_event, value: Section) => select(value)}
          aria-label="Sections"
        >
          {(['overview', 'activity'] as const).map((value) => (
            <Tab
              key={value}
              label={value === 'overview' ? 'Overview' : 'Activity'}
              value={value}
              id={tabId(value)}
              aria-controls={panelId(value)}
            />
          ))}
        </Tabs>
      </Box>
      {section === 'activity' && (
        <div role="tabpanel" id={panelId('activity')} aria-labelledby={tabId('activity')}>
          <Suspense fallback={<LoadingState label="Loading activity" />}>
            <ResourceActivity resourceId={resourceId} resourceType={resourceType} />
          </Suspense>
        </div>
      )}
    </>
  );
}
