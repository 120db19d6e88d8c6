import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useWatch } from 'react-hook-form';
import { z } from 'zod/mini';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import type { CertificateBundle, LoadBalancer } from '../../../contract/load-balancer';
import { lbNameSchema } from '../../../contract/load-balancer';
import {
  createCertificateBundleCall,
  type CertificateBundleCreate,
  deleteCertificateBundleCall,
  loadBalancerQueries,
  useCreateCertificateBundle,
  useDeleteCertificateBundle,
} from '../../api/load-balancers';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FormSelect, FormTextInput } from '../../components/form/form-fields';
import { useDialogForm } from '../../components/form/use-dialog-form';
import { FormDialog } from '../../components/form-dialog';
import { rowActionsColumn } from '../../components/row-actions-column';
import { QueryTable } from '../../components/query-table';
import { formatDateTime } from '../../lib/format';

/** The service takes PEM documents base64-encoded (UpCloud's Go SDK, certificate bundle requests). */
const base64Pem = (pem: string) =>
  btoa(
    Array.from(new TextEncoder().encode(pem.trim()), (byte) => String.fromCharCode(byte)).join(''),
  );

const pemText = (what: string) =>
  z.string().check(z.regex(/-----BEGIN [A-Z ]+-----/, `Paste the ${what} in PEM form.`));

const bundleFormSchema = z.pipe(
  z.discriminatedUnion('type', [
    z.object({
      type: z.literal('manual'),
      name: lbNameSchema,
      certificate: pemText('certificate'),
      privateKey: pemText('private key'),
      intermediates: z.string(),
      hostnames: z.string(),
    }),
    z.object({
      type: z.literal('dynamic'),
      name: lbNameSchema,
      certificate: z.string(),
      privateKey: z.string(),
      intermediates: z.string(),
      hostnames: z.string().check(z.regex(/\S/, 'Give at least one hostname.')),
    }),
  ]),
  z.transform((values): CertificateBundleCreate =>
    values.type === 'manual'
      ? {
          type: 'manual',
          name: values.name,
          certificate: base64Pem(values.certificate),
          private_key: base64Pem(values.privateKey),
          ...(values.intermediates.trim()
            ? { intermediates: base64Pem(values.intermediates) }
            : {}),
        }
      : {
          type: 'dynamic',
          name: values.name,
          key_type: 'ecdsa',
          hostnames: values.hostnames.split(/[\s,]+/).filter(Boolean),
        },
  ),
);
const bundleFields = {
  NAME: 'name',
  RESOURCE_ALREADY_EXISTS: 'name',
  CERTIFICATE: 'certificate',
  PRIVATE_KEY: 'privateKey',
  INTERMEDIATES: 'intermediates',
  HOSTNAMES: 'hostnames',
} as const;

/** Frontends of this load balancer that serve a bundle. */
const usersOf = (balancer: LoadBalancer, bundle: string) =>
  balancer.frontends
    .filter((frontend) =>
      frontend.tls_configs.some((tls) => tls.certificate_bundle_uuid === bundle),
    )
    .map((frontend) => frontend.name);

export function CertificatesTab({ balancer }: { balancer: LoadBalancer }) {
  const bundles = useQuery(loadBalancerQueries.certificateBundles());
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<CertificateBundle | null>(null);
  const remove = useDeleteCertificateBundle();

  const column = createColumnHelper<CertificateBundle>();
  const columns = [
    column.accessor('name', { header: 'Name' }),
    column.accessor('type', { header: 'Type' }),
    column.display({
      id: 'hostnames',
      header: 'Hostnames',
      cell: ({ row }) => row.original.hostnames?.join(', ') || '—',
    }),
    column.accessor('not_after', {
      header: 'Valid until',
      cell: (info) => formatDateTime(info.getValue()),
    }),
    column.display({
      id: 'used',
      header: 'Used here by',
      meta: { wrap: true },
      cell: ({ row }) => usersOf(balancer, row.original.uuid).join(', ') || '—',
    }),
    rowActionsColumn((bundle: CertificateBundle) => [
      {
        label: `Delete certificate bundle ${bundle.name}`,
        icon: DeleteIcon,
        onClick: () => setDeleting(bundle),
      },
    ]),
  ];

  return (
    <Stack spacing={2}>
      <Box>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
          Add certificate bundle
        </Button>
      </Box>
      <QueryTable
        query={bundles}
        loading="Loading certificate bundles"
        failure="The certificate bundles could not be loaded"
        empty={{
          title: 'No certificate bundles yet',
          description:
            'A frontend serves HTTPS with a certificate bundle: your own certificate and key, or one issued for your hostnames.',
        }}
        label="Certificate bundles"
        columns={columns}
        getRowId="uuid"
        rowHeaderColumn="name"
      />
      {adding && <BundleDialog onClose={() => setAdding(false)} />}
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete certificate bundle ${deleting?.name ?? ''}?`}
        confirmLabel="Delete bundle"
        pendingLabel="Deleting…"
        mutation={remove}
        errorTitle="The certificate bundle could not be deleted"
        apiCall={deleteCertificateBundleCall(deleting?.uuid ?? '')}
        onConfirm={() =>
          deleting && remove.mutate(deleting.uuid, { onSuccess: () => setDeleting(null) })
        }
        onClose={() => setDeleting(null)}
      >
        A bundle that a frontend still serves cannot be deleted; remove it from the frontend first.
      </ConfirmDialog>
    </Stack>
  );
}

function BundleDialog({ onClose }: { onClose: () => void }) {
  const create = useCreateCertificateBundle();
  const { control, dialog } = useDialogForm(
    bundleFormSchema,
    {
      type: 'manual',
      name: '',
      certificate: '',
      privateKey: '',
      intermediates: '',
      hostnames: '',
    },
    { mutation: create, fields: bundleFields, call: createCertificateBundleCall, onClose },
  );
  const type = useWatch({ control, name: 'type' });
  return (
    <FormDialog
      title="Add certificate bundle"
      submitLabel="Add bundle"
      pendingLabel="Adding…"
      failureTitle="The certificate bundle could not be added"
      maxWidth="md"
      {...dialog}
    >
      <FormTextInput control={control} name="name" label="Bundle name" required />
      <FormSelect control={control} name="type" label="Type" required>
        <MenuItem value="manual">Your certificate and private key</MenuItem>
        <MenuItem value="dynamic">Issued for your hostnames (dynamic)</MenuItem>
      </FormSelect>
      {type === 'dynamic' ? (
        <FormTextInput
          control={control}
          name="hostnames"
          label="Hostnames"
          required
          hint="Separated by spaces or commas, such as app.example.com; each must point at the load balancer."
        />
      ) : (
        <>
          <FormTextInput
            control={control}
            name="certificate"
            label="Certificate (PEM)"
            multiline
            minRows={4}
            required
          />
          <FormTextInput
            control={control}
            name="privateKey"
            label="Private key (PEM)"
            multiline
            minRows={4}
            required
          />
          <FormTextInput
            control={control}
            name="intermediates"
            label="Intermediate certificates (PEM)"
            multiline
            minRows={2}
            hint="Optional: the chain up to the authority."
          />
        </>
      )}
    </FormDialog>
  );
}
