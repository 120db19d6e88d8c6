import type { ServerGroup } from '../../../contract/server-group';

/** Words for a member's status; a member not on a host (stopped) has none. */
export const memberStatusLabels = { met: 'Met', unmet: 'Unmet' } as const;

/** The group's status at a glance: unmet when any running member shares a host. */
export function groupStatus(group: ServerGroup): string {
  if (group.anti_affinity === 'no') return 'Not applied';
  const statuses = group.anti_affinity_status.map((entry) => entry.status);
  if (statuses.length === 0) return 'No running members';
  return statuses.includes('unmet') ? memberStatusLabels.unmet : memberStatusLabels.met;
}

/** A member's status, or why it has none. */
export function memberStatus(group: ServerGroup, server: string): string {
  if (group.anti_affinity === 'no') return 'Not applied';
  const entry = group.anti_affinity_status.find((item) => item.uuid === server);
  return entry ? memberStatusLabels[entry.status] : 'Not running';
}
