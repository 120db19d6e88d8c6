import type { ServerDetails } from '../../../contract/server';
import type { ResourceSection } from '../../components/resource-tabs';
import type { Notice } from '../../components/success-notice';

/** What the server page gives each tab it adds to ResourceTabs (firewall, backups, console). */
export interface ServerSectionProps {
  server: ServerDetails;
  /** The page's list of sections, as ResourceTabs gets it. */
  sections: readonly ResourceSection[];
  /** Confirms a change under the page. */
  notify: (notice: Notice) => void;
}
