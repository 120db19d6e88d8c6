import { uuidPrefixes } from '../../contract/common';
import type { Label } from '../../contract/common';
import { simpleBackupLevel } from './billing';
import { rfc3339 } from './clock';
import type { SandboxContext } from './context';
import { newUuid } from './credentials';
import type { ServerRow } from './store/servers';
import type { StorageRow } from './store/storages';
import { systemLabelsOfCopy } from './system-labels';

const simpleBackupJob = 'server.simple-backup';
const day = 86_400_000;

/** The label naming which part of the retention a simple backup belongs to (api-reference-notes §2.9). */
export const simpleBackupLabel = '_simple_backup';
type Tier = 'daily' | 'weekly' | 'monthly';

/**
 * How many days each kind of backup is kept under a plan (api-reference-notes §2.9): `daily` keeps the
 * last day's backup, `dailies` a week of them, `weeklies` adds a Monday backup for four weeks and
 * `monthlies` a backup of the first of the month for a year.
 */
const retention: Record<string, Partial<Record<Tier, number>>> = {
  daily: { daily: 1 },
  dailies: { daily: 7 },
  weeklies: { daily: 7, weekly: 28 },
  monthlies: { daily: 7, weekly: 28, monthly: 365 },
};

function tierOf(level: string, at: Date): Tier {
  const kept = retention[level] ?? {};
  if (kept.monthly && at.getUTCDate() === 1) return 'monthly';
  if (kept.weekly && at.getUTCDay() === 1) return 'weekly';
  return 'daily';
}

/** The first `HHMM` (UTC) of the server's `simple_backup` after `after`. */
function nextRun(value: string, after: Date): Date {
  const time = value.split(',')[0]!;
  const next = new Date(after);
  next.setUTCHours(Number(time.slice(0, 2)), Number(time.slice(2, 4)), 0, 0);
  if (next.getTime() <= after.getTime()) next.setTime(next.getTime() + day);
  return next;
}

// The job's own key: a pending job under the server's UUID would make the server look busy.
const jobKey = (serverUuid: string) => `${serverUuid}:simple-backup`;

/**
 * Simple backups (api-reference-notes §2.9): every day at the server's `simple_backup` time, each of
 * its private disks gets a backup (`type: backup`, `origin` the disk), and backups past their
 * plan's retention are deleted.
 */
export function createSimpleBackups({ jobs, servers, storages, clock }: SandboxContext) {
  /**
   * (Re)plans the server's next backup run after `after` (now, when its `simple_backup` was set or
   * changed; the last run's time, so that runs the clock jumped over are caught up).
   */
  function plan(server: ServerRow, after = clock.now()) {
    jobs.cancel(jobKey(server.uuid), simpleBackupJob);
    if (simpleBackupLevel(server.simple_backup) === null) return;
    const wait = nextRun(server.simple_backup, after).getTime() - clock.now().getTime();
    jobs.schedule(simpleBackupJob, jobKey(server.uuid), Math.max(wait, 0) / 1000, {
      server: server.uuid,
    });
  }

  function backUp(disk: StorageRow, level: string, now: Date) {
    const backup: StorageRow = {
      ...disk,
      uuid: newUuid(uuidPrefixes.storage),
      title: `Simple backup of ${disk.title}`.slice(0, 64),
      type: 'backup',
      tier: null,
      state: 'online',
      created: rfc3339(now),
      origin: disk.uuid,
      part_of_plan: 0,
      backup_rule: '{}',
      copy_of: null,
      resize_pending: 0,
    };
    const labels: Label[] = [
      ...systemLabelsOfCopy(disk, storages.labels(disk.uuid)),
      { key: simpleBackupLabel, value: tierOf(level, now) },
    ];
    storages.insert(backup, labels);
  }

  function prune(disk: StorageRow, level: string, now: Date) {
    for (const uuid of storages.backups(disk.uuid)) {
      const tier = storages.labels(uuid).find((label) => label.key === simpleBackupLabel)?.value;
      if (!tier) continue;
      const keepDays = retention[level]?.[tier as Tier] ?? 0;
      const age = now.getTime() - Date.parse(storages.find(uuid)!.created);
      if (age >= keepDays * day) {
        jobs.cancel(uuid);
        storages.delete(uuid);
      }
    }
  }

  jobs.register(simpleBackupJob, (job, payload) => {
    const server = servers.find(payload.server as string);
    const level = server ? simpleBackupLevel(server.simple_backup) : null;
    if (!server || level === null) return;
    const now = new Date(job.due_at);
    for (const device of servers.devices(server.uuid)) {
      const disk = device.storage_uuid ? storages.find(device.storage_uuid) : undefined;
      if (device.type !== 'disk' || disk?.access !== 'private' || disk.type !== 'normal') continue;
      prune(disk, level, now);
      if (disk.state === 'online') backUp(disk, level, now);
    }
    plan(server, now);
  });

  return { plan };
}
