import { z } from 'zod/mini';
import { storageLabelSchema } from '../../../contract/labels';
import {
  backupIntervals,
  backupRuleSchema,
  storageSizeSchema,
  storageTierSchema,
  storageTitleSchema,
} from '../../../contract/storage';
import type {
  BackupRule,
  CreateStorageRequest,
  ModifyStorageRequest,
  StorageDetails,
} from '../../../contract/storage';
import { fieldForErrorCode } from '../../lib/api-error-fields';

export { tierLabels } from '../../lib/storage-tiers';

export const intervalLabels: Record<(typeof backupIntervals)[number], string> = {
  daily: 'Every day',
  mon: 'Every Monday',
  tue: 'Every Tuesday',
  wed: 'Every Wednesday',
  thu: 'Every Thursday',
  fri: 'Every Friday',
  sat: 'Every Saturday',
  sun: 'Every Sunday',
};

/** The backup rule as people fill it: no interval means no schedule (api-reference-notes §3.2: `{}`). */
const backupRuleFields = {
  backupInterval: z.union([z.literal(''), z.enum(backupIntervals)]),
  backupTime: z.string(),
  backupRetention: z.string(),
};
type BackupRuleFields = {
  backupInterval: '' | (typeof backupIntervals)[number];
  backupTime: string;
  backupRetention: string;
};

function checkBackupRule(values: BackupRuleFields, ctx: z.core.$RefinementCtx<BackupRuleFields>) {
  if (values.backupInterval === '') return;
  const rule = backupRuleSchema.safeParse(toBackupRule(values));
  if (rule.success) return;
  for (const issue of rule.error.issues) {
    const field = issue.path.includes('time') ? 'backupTime' : 'backupRetention';
    ctx.addIssue({ code: 'custom', path: [field], message: issue.message });
  }
}

function toBackupRule(values: BackupRuleFields): BackupRule {
  if (values.backupInterval === '') return {};
  return {
    interval: values.backupInterval,
    time: values.backupTime.trim().replace(':', ''),
    retention: values.backupRetention.trim(),
  };
}

export function backupRuleDefaults(rule: BackupRule | undefined): BackupRuleFields {
  if (!rule || !('interval' in rule)) {
    return { backupInterval: '', backupTime: '0430', backupRetention: '7' };
  }
  return { backupInterval: rule.interval, backupTime: rule.time, backupRetention: rule.retention };
}

/** What is wrong with a typed size, if anything; a storage being edited may not shrink below `current`. */
function sizeProblem(typed: string, current?: number): string | undefined {
  const size = storageSizeSchema.safeParse(typed.trim());
  if (!size.success) return size.error.issues[0]?.message ?? 'Give a size in GiB.';
  if (current !== undefined && size.data < current) {
    return `A storage cannot shrink: give ${current} GiB or more.`;
  }
  return undefined;
}

export const createStorageFormSchema = z.pipe(
  z
    .object({
      zone: z.string().check(z.minLength(1, 'Choose a zone.')),
      title: storageTitleSchema,
      size: z.string(),
      tier: storageTierSchema,
      labels: z.array(storageLabelSchema),
      ...backupRuleFields,
    })
    .check(
      z.superRefine((values, ctx) => {
        const message = sizeProblem(values.size);
        if (message) ctx.addIssue({ code: 'custom', path: ['size'], message });
        checkBackupRule(values, ctx as unknown as z.core.$RefinementCtx<BackupRuleFields>);
      }),
    ),
  z.transform((values): CreateStorageRequest => ({
    storage: {
      zone: values.zone,
      title: values.title,
      size: Number(values.size.trim()),
      tier: values.tier,
      labels: values.labels,
      ...(values.backupInterval === '' ? {} : { backup_rule: toBackupRule(values) }),
    },
  })),
);
export type CreateStorageFormValues = z.input<typeof createStorageFormSchema>;

export const createStorageDefaults: CreateStorageFormValues = {
  zone: '',
  title: '',
  size: '10',
  tier: 'maxiops',
  labels: [],
  ...backupRuleDefaults(undefined),
};

/** Edit form: the size may only grow (api-rules §4.10); checked against the current size. */
export function editStorageFormSchema(current: Pick<StorageDetails, 'size'>) {
  return z.pipe(
    z
      .object({
        title: storageTitleSchema,
        size: z.string(),
        filesystemResize: z.boolean(),
        labels: z.array(storageLabelSchema),
        ...backupRuleFields,
      })
      .check(
        z.superRefine((values, ctx) => {
          const message = sizeProblem(values.size, current.size);
          if (message) ctx.addIssue({ code: 'custom', path: ['size'], message });
          checkBackupRule(values, ctx as unknown as z.core.$RefinementCtx<BackupRuleFields>);
        }),
      ),
    z.transform((values): ModifyStorageRequest => {
      const size = Number(values.size.trim());
      const grows = size > current.size;
      return {
        storage: {
          title: values.title,
          labels: values.labels,
          backup_rule: toBackupRule(values),
          ...(grows ? { size } : {}),
          ...(grows && values.filesystemResize ? { filesystem_resize: 'yes' as const } : {}),
        },
      };
    }),
  );
}

const storageErrorFields = {
  ZONE: 'zone',
  TITLE: 'title',
  SIZE: 'size',
  TIER: 'tier',
  LABEL: 'labels',
  LABELS: 'labels',
  LABEL_KEY: 'labels',
  BACKUP_RULE: 'backupInterval',
  BACKUP_INTERVAL: 'backupInterval',
  BACKUP_TIME: 'backupTime',
  BACKUP_RETENTION: 'backupRetention',
} as const;

type StorageFormField = (typeof storageErrorFields)[keyof typeof storageErrorFields];

export function storageFieldForError(code: string): StorageFormField | null {
  return fieldForErrorCode(code, storageErrorFields);
}

/** Title-only bodies (backup, template) share the contract's title rule. */
export const titleFormSchema = z.object({ title: storageTitleSchema });
