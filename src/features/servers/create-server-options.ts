import { z } from 'zod/mini';
import { timezoneSchema } from '../../../contract/common';
import { simpleBackupPlans } from '../../../contract/price';
import type { CreateServerRequest } from '../../../contract/server';
import { isWebUrl, sshKeyProblem } from '../../../contract/server-setup';

/** The SSH keys box holds one key a line; blank lines are left out. */
export const sshKeyLines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');

const userDataLimit = 65_536;

/**
 * The create form's Login, Initialisation, Backups and Advanced sections, with the rules the API
 * applies (contract/server.ts) so a mistake shows beside its field before anything is sent.
 */
export const serverOptionsFormSchema = z.object({
  username: z
    .string()
    .check(
      z.regex(/^([a-z_][a-z0-9_-]{0,31})?$/, 'A Linux user name such as admin, or empty for root.'),
    ),
  sshKeys: z.string().check(
    z.superRefine((text, ctx) => {
      const lines = sshKeyLines(text);
      if (lines.length > 32)
        ctx.addIssue({ code: 'custom', input: text, message: 'At most 32 keys.' });
      lines.forEach((line, index) => {
        const problem = sshKeyProblem(line);
        if (problem) {
          const where = lines.length > 1 ? `Key ${index + 1}: ` : '';
          ctx.addIssue({ code: 'custom', input: text, message: `${where}${problem}` });
        }
      });
    }),
  ),
  createPassword: z.boolean(),
  userData: z.string().check(
    z.refine((text) => new TextEncoder().encode(text).length <= userDataLimit, 'At most 64 KiB.'),
    z.refine(
      (text) => !/^[A-Za-z][A-Za-z0-9+.-]*:\/\/\S*$/.test(text.trim()) || isWebUrl(text.trim()),
      'A script, or a URL that starts with http:// or https://.',
    ),
  ),
  metadata: z.boolean(),
  backupPlan: z.enum(['no', ...simpleBackupPlans]),
  backupTime: z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'A time such as 04:30.')),
  timezone: timezoneSchema,
  videoModel: z.enum(['cirrus', 'vga']),
  nicModel: z.enum(['virtio', 'e1000', 'rtl8139']),
  remoteAccess: z.boolean(),
  remoteAccessType: z.enum(['vnc', 'spice']),
});

export type ServerOptionsFormValues = z.infer<typeof serverOptionsFormSchema>;

export const serverOptionsDefaults: ServerOptionsFormValues = {
  username: '',
  sshKeys: '',
  createPassword: false,
  userData: '',
  metadata: false,
  backupPlan: 'no',
  backupTime: '04:00',
  timezone: 'UTC',
  videoModel: 'cirrus',
  nicModel: 'virtio',
  remoteAccess: false,
  remoteAccessType: 'vnc',
};

type ServerOptionsRequest = Omit<
  CreateServerRequest['server'],
  'zone' | 'title' | 'hostname' | 'storage_devices'
>;

/**
 * What the options add to the create request. The login user is always sent, so the API creates a
 * password only when asked to (it would by default); the rest only when it differs from the
 * API's own default.
 */
export function serverOptionsRequest(options: ServerOptionsFormValues): ServerOptionsRequest {
  const keys = sshKeyLines(options.sshKeys);
  return {
    login_user: {
      ...(options.username ? { username: options.username } : {}),
      create_password: options.createPassword ? 'yes' : 'no',
      ...(keys.length > 0 ? { ssh_keys: { ssh_key: keys } } : {}),
    },
    ...(options.metadata ? { metadata: 'yes' } : {}),
    ...(options.userData.trim() ? { user_data: options.userData } : {}),
    ...(options.backupPlan !== 'no'
      ? { simple_backup: `${options.backupTime.replace(':', '')},${options.backupPlan}` }
      : {}),
    ...(options.timezone !== 'UTC' ? { timezone: options.timezone } : {}),
    ...(options.videoModel !== 'cirrus' ? { video_model: options.videoModel } : {}),
    ...(options.nicModel !== 'virtio' ? { nic_model: options.nicModel } : {}),
    ...(options.remoteAccess
      ? { remote_access_enabled: 'yes', remote_access_type: options.remoteAccessType }
      : {}),
  };
}

/** The console types (`remote_access_type`) as people name them. */
export const remoteAccessTypeWords = { vnc: 'VNC', spice: 'SPICE' } as const;

/** API error codes of these fields (`<ATTRIBUTE>_INVALID`), as form paths. */
export const serverOptionErrorFields = {
  USERNAME: 'options.username',
  SSH_KEY: 'options.sshKeys',
  SSH_KEYS: 'options.sshKeys',
  USER_DATA: 'options.userData',
  SIMPLE_BACKUP: 'options.backupPlan',
  TIMEZONE: 'options.timezone',
} as const;
