import { z } from 'zod/mini';
import { labelSchema } from '../../../contract/common';
import { hostnameSchema } from '../../../contract/server';
import type { CreateServerRequest, ServerStorageDeviceRequest } from '../../../contract/server';
import {
  storageSizeSchema,
  storageTierSchema,
  storageTitleSchema,
} from '../../../contract/storage';
import { fieldForErrorCode } from '../../lib/api-error-fields';
import {
  serverOptionErrorFields,
  serverOptionsDefaults,
  serverOptionsFormSchema,
  serverOptionsRequest,
} from './create-server-options';

const customPlan = 'custom';

/** The form as people fill it; `minOsSize` is the chosen template's size (a clone cannot shrink). */
export function createServerFormSchema(minOsSize: (template: string) => number) {
  return z.pipe(
    z
      .object({
        zone: z.string().check(z.minLength(1, 'Choose a zone.')),
        title: storageTitleSchema,
        hostname: hostnameSchema,
        plan: z.string().check(z.minLength(1, 'Choose a plan.')),
        cores: z.string(),
        memory: z.string(),
        template: z.string().check(z.minLength(1, 'Choose an operating system template.')),
        osSize: z.string(),
        osTier: storageTierSchema,
        extraDisk: z.boolean(),
        extraSize: z.string(),
        extraTier: storageTierSchema,
        options: serverOptionsFormSchema,
        labels: z.array(labelSchema),
        serverGroup: z.optional(z.string()),
      })
      .check(
        z.superRefine((values, ctx) => {
          const issue = (path: string, message: string) =>
            ctx.addIssue({ code: 'custom', path: [path], message });
          if (values.plan === customPlan) {
            const cores = Number(values.cores);
            const memory = Number(values.memory);
            if (!Number.isInteger(cores) || cores < 1 || cores > 128) {
              issue('cores', '1 to 128 cores.');
            }
            if (!Number.isInteger(memory) || memory < 512 || memory % 256 !== 0) {
              issue('memory', 'At least 512 MiB, in steps of 256 MiB.');
            }
          }
          const os = storageSizeSchema.safeParse(values.osSize.trim());
          if (!os.success) issue('osSize', os.error.issues[0]?.message ?? 'Give a size in GiB.');
          else if (values.template && os.data < minOsSize(values.template)) {
            issue('osSize', `The template needs at least ${minOsSize(values.template)} GiB.`);
          }
          if (values.extraDisk) {
            const extra = storageSizeSchema.safeParse(values.extraSize.trim());
            if (!extra.success) {
              issue('extraSize', extra.error.issues[0]?.message ?? 'Give a size in GiB.');
            }
          }
        }),
      ),
    z.transform((values): CreateServerRequest => {
      const devices: ServerStorageDeviceRequest[] = [
        {
          action: 'clone',
          storage: values.template,
          title: `${values.title} OS disk`,
          size: Number(values.osSize.trim()),
          tier: values.osTier,
        },
      ];
      if (values.extraDisk) {
        devices.push({
          action: 'create',
          title: `${values.title} data disk`,
          size: Number(values.extraSize.trim()),
          tier: values.extraTier,
        });
      }
      const body: CreateServerRequest = {
        server: {
          zone: values.zone,
          title: values.title,
          hostname: values.hostname,
          ...(values.plan === customPlan
            ? { core_number: Number(values.cores), memory_amount: Number(values.memory) }
            : { plan: values.plan }),
          storage_devices: { storage_device: devices },
          ...serverOptionsRequest(values.options),
          ...(values.labels.length > 0 ? { labels: { label: values.labels } } : {}),
          ...(values.serverGroup ? { server_group: values.serverGroup } : {}),
        },
      };
      return body;
    }),
  );
}

export type CreateServerFormValues = z.input<ReturnType<typeof createServerFormSchema>>;

export { customPlan };

export const createServerDefaults: CreateServerFormValues = {
  zone: '',
  title: '',
  hostname: '',
  plan: '',
  cores: '1',
  memory: '1024',
  template: '',
  osSize: '25',
  osTier: 'maxiops',
  extraDisk: false,
  extraSize: '50',
  extraTier: 'maxiops',
  options: serverOptionsDefaults,
  labels: [],
  serverGroup: '',
};

const serverErrorFields = {
  ZONE: 'zone',
  TITLE: 'title',
  HOSTNAME: 'hostname',
  PLAN: 'plan',
  CORE_NUMBER: 'cores',
  MEMORY_AMOUNT: 'memory',
  STORAGE: 'template',
  STORAGE_NOT_FOUND: 'template',
  ZONE_MISMATCH: 'template',
  SIZE: 'osSize',
  STORAGE_SIZE: 'osSize',
  TIER: 'osTier',
  LABEL: 'labels',
  LABELS: 'labels',
  ...serverOptionErrorFields,
} as const;

export function serverFieldForError(code: string) {
  return fieldForErrorCode(code, serverErrorFields);
}
