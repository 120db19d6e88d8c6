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

/** A tab a detail page adds between Overview and Activity; `value` is its `?tab=` in the URL. */
export interface ResourceSection {
  value: string;
  label: string;
}

const noSections: readonly ResourceSection[] = [];

// A page has one set of these tabs, so fixed ids tie each tab to its panel.
const tabId = (section: string) => `resource-tab-${section}`;
const panelId = (section: string) => `resource-panel-${section}`;

function useSection(sections: readonly ResourceSection[]): [string, (next: string) => void] {
  const [search, setSearch] = useSearchParams();
  const tab = search.get('tab');
  const known = tab === 'activity' || sections.some((section) => section.value === tab);
  const section = tab !== null && known ? tab : 'overview';
  const select = (next: string) =>
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
 * is hidden while another tab is open (inline, so it wins over the element's own display).
 * A page with `sections` passes the same list here as to ResourceTabs.
 */
export function useOverviewPanel(sections: readonly ResourceSection[] = noSections) {
  return useSectionPanel('overview', sections);
}

/** Props for the element holding one of a page's `sections` (see useOverviewPanel). */
export function useSectionPanel(value: string, sections: readonly ResourceSection[]) {
  const [section] = useSection(sections);
  const hidden = section !== value;
  return {
    role: 'tabpanel',
    id: panelId(value),
    'aria-labelledby': tabId(value),
    hidden,
    style: hidden ? { display: 'none' } : undefined,
  } as const;
}

/**
 * A detail page's Overview and Activity tabs, and the Activity panel when it is open. The open
 * tab is in the URL (`?tab=activity`), so it can be linked and survives a reload. Place it under
 * the page header and spread `useOverviewPanel()` onto the overview's element. `sections` adds
 * tabs between the two, each panel spread with `useSectionPanel(value, sections)`.
 */
export function ResourceTabs({
  resourceId,
  resourceType,
  sections = noSections,
}: {
  resourceId: string;
  /** See ResourceActivity: only for ids such as IP addresses that also match other rows. */
  resourceType?: string;
  sections?: readonly ResourceSection[];
}) {
  const [section, select] = useSection(sections);
  const tabs = [
    { value: 'overview', label: 'Overview' },
    ...sections,
    { value: 'activity', label: 'Activity' },
  ];
  return (
    <>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
        <Tabs
          value={section}
          onChange={(_event, value: string) => select(value)}
          aria-label="Sections"
          // Extra tabs may not fit a phone's width: they scroll, with arrows that show there are more.
          variant={sections.length > 0 ? 'scrollable' : 'standard'}
          scrollButtons="auto"
          allowScrollButtonsMobile
        >
          {tabs.map(({ value, label }) => (
            <Tab
              key={value}
              label={label}
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
