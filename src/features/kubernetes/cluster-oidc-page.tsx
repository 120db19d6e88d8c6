import { useRef, useState } from 'react';
import type { ChangeEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useForm } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import type { Cluster } from '../../../contract/kubernetes';
import type { Issuer } from '../../../contract/kubernetes-oidc';
import { issuersFromAuthenticationConfiguration } from '../../../contract/kubernetes-oidc';
import {
  deleteIssuerCall,
  kubernetesQueries,
  useCreateIssuer,
  useDeleteIssuer,
  useImportIssuers,
  useUpdateIssuer,
} from '../../api/kubernetes';
import { useApiFailure } from '../../components/form/use-api-failure';
import { ConfirmDialog, confirmWords } from '../../components/confirm-dialog';
import { routeDetailPage } from '../../components/detail-query';
import { FormSelect, FormTextInput } from '../../components/form/form-fields';
import { PageHeader } from '../../components/page-header';
import { QueryTable } from '../../components/query-table';
import { KubeconfigDialog } from './cluster-dialogs';
import { FormDialog } from '../../components/form-dialog';
import { diffIssuers } from './issuer-diff';
import type { IssuerChange } from './issuer-diff';
import { checkIssuer, issuerFieldForError, issuerFormValues, issuerFromForm } from './issuer-form';
import type { IssuerField, IssuerFormValues } from './issuer-form';

type Open =
  | { kind: 'add' }
  | { kind: 'edit'; issuer: Issuer }
  | { kind: 'delete'; issuer: Issuer }
  | { kind: 'kubeconfig'; issuer: Issuer }
  | { kind: 'import' }
  | null;

const column = createColumnHelper<Issuer>();

function OidcView({ cluster }: { cluster: Cluster }) {
  const issuers = useQuery(kubernetesQueries.issuers(cluster.uuid));
  const [open, setOpen] = useState<Open>(null);
  const remove = useDeleteIssuer(cluster.uuid);
  const close = () => setOpen(null);
  const list = issuers.data ?? [];

  const columns = [
    column.accessor('name', { header: 'Name' }),
    column.accessor('issuer_url', { header: 'Issuer URL' }),
    column.accessor('audiences', {
      header: 'Audiences',
      cell: (info) => info.getValue().join(', '),
    }),
    column.accessor((issuer) => describeUsername(issuer), { id: 'username', header: 'User name' }),
    column.display({
      id: 'actions',
      header: 'Actions',
      cell: ({ row }) => (
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button
            size="small"
            aria-label={`Edit ${row.original.name}`}
            onClick={() => setOpen({ kind: 'edit', issuer: row.original })}
          >
            Edit
          </Button>
          <Button
            size="small"
            aria-label={`Kubeconfig for ${row.original.name}`}
            onClick={() => setOpen({ kind: 'kubeconfig', issuer: row.original })}
          >
            Kubeconfig
          </Button>
          <Button
            size="small"
            color="error"
            aria-label={`Delete ${row.original.name}`}
            onClick={() => setOpen({ kind: 'delete', issuer: row.original })}
          >
            Delete
          </Button>
        </Box>
      ),
    }),
  ];

  return (
    <>
      <PageHeader
        title={`OIDC authentication of ${cluster.name}`}
        crumb="OIDC authentication"
        description="Identity providers whose ID tokens the cluster's API server accepts. Each entry gives people a kubeconfig that signs them in through the provider."
        actions={
          <>
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              onClick={() => setOpen({ kind: 'add' })}
              disabled={!issuers.isSuccess}
            >
              Add issuer
            </Button>
            <Button
              variant="outlined"
              startIcon={<UploadFileIcon />}
              onClick={() => setOpen({ kind: 'import' })}
              disabled={!issuers.isSuccess}
            >
              Import YAML
            </Button>
          </>
        }
      />
      <QueryTable
        query={issuers}
        loading="Loading OIDC issuers"
        failure="The OIDC issuers could not be loaded"
        empty={{
          title: 'No OIDC issuers',
          description:
            'Without an issuer, people reach the cluster with the administrator kubeconfig only. Add an identity provider, or import the AuthenticationConfiguration you already use.',
        }}
        label="OIDC issuers"
        columns={columns}
        getRowId="name"
        rowHeaderColumn="name"
      />
      {(open?.kind === 'add' || open?.kind === 'edit') && (
        <IssuerDialog
          cluster={cluster}
          issuer={open.kind === 'edit' ? open.issuer : undefined}
          others={list.filter((item) => open.kind === 'add' || item.name !== open.issuer.name)}
          onClose={close}
        />
      )}
      {open?.kind === 'kubeconfig' && (
        <IssuerKubeconfigDialog cluster={cluster} issuer={open.issuer} onClose={close} />
      )}
      {open?.kind === 'import' && <ImportDialog cluster={cluster} current={list} onClose={close} />}
      <ConfirmDialog
        open={open?.kind === 'delete'}
        title={`Delete the OIDC issuer ${open?.kind === 'delete' ? open.issuer.name : ''}?`}
        {...confirmWords('delete', 'issuer')}
        mutation={remove}
        apiCall={deleteIssuerCall(cluster.uuid, open?.kind === 'delete' ? open.issuer.name : '')}
        onConfirm={() =>
          open?.kind === 'delete' && remove.mutate(open.issuer.name, { onSuccess: close })
        }
        onClose={close}
      >
        People who sign in through this provider lose access to the cluster; their kubeconfigs stop
        working.
      </ConfirmDialog>
    </>
  );
}

function describeUsername(issuer: Issuer): string {
  const username = issuer.claim_mappings?.username;
  if (!username) return 'Default';
  if (username.expression) return `expression ${username.expression}`;
  return `claim ${username.claim}${username.prefix ? ` with prefix ${username.prefix}` : ''}`;
}

interface IssuerTextField {
  name: IssuerField;
  label: string;
  hint?: string;
  required?: boolean;
}

/** Where the provider is and whom its tokens are for. */
const providerFields: readonly IssuerTextField[] = [
  {
    name: 'issuer_url',
    label: 'Issuer URL',
    required: true,
    hint: "The provider's https:// issuer, exactly as in its ID tokens.",
  },
  {
    name: 'discovery_url',
    label: 'Discovery URL',
    hint: "Optional: where the provider's OpenID configuration is, when not under the issuer URL.",
  },
  {
    name: 'audiences',
    label: 'Audiences',
    required: true,
    hint: 'Client IDs, separated by commas; the first one goes into kubeconfigs.',
  },
];

/** Which token claims name the user and the groups, two by two. */
const claimFields: readonly IssuerTextField[] = [
  { name: 'username_claim', label: 'User name claim', hint: 'Such as email or sub.' },
  { name: 'username_prefix', label: 'User name prefix', hint: 'May be empty, such as oidc:.' },
  { name: 'groups_claim', label: 'Groups claim', hint: 'Optional, such as groups.' },
  { name: 'groups_prefix', label: 'Groups prefix' },
];

/** Adds an entry or edits one (the name stays: the path names the entry, api-rules §4.3). */
function IssuerDialog({
  cluster,
  issuer,
  others,
  onClose,
}: {
  cluster: Cluster;
  issuer?: Issuer;
  others: Issuer[];
  onClose: () => void;
}) {
  const create = useCreateIssuer(cluster.uuid);
  const update = useUpdateIssuer(cluster.uuid);
  const mutation = issuer ? update : create;
  const { control, handleSubmit, setError } = useForm<IssuerFormValues>({
    defaultValues: issuerFormValues(issuer),
  });
  const { failure, clear, onError } = useApiFailure(setError, (error) =>
    issuerFieldForError(error.code),
  );
  const kept = [
    issuer?.claim_mappings?.uid && 'the uid mapping',
    issuer?.claim_mappings?.extra?.length && 'extra mappings',
    issuer?.claim_mappings?.username?.expression && 'the user name expression',
    issuer?.claim_mappings?.groups?.expression && 'the groups expression',
    issuer?.claim_validation_rules?.length && 'claim validation rules',
    issuer?.user_validation_rules?.length && 'user validation rules',
  ].filter(Boolean);

  const submit = handleSubmit((values) => {
    clear();
    const body = issuerFromForm(values, issuer);
    const problems = checkIssuer(body, others);
    if (problems.length > 0) {
      for (const problem of problems) setError(problem.field, { message: problem.message });
      return;
    }
    if (issuer) update.mutate({ name: issuer.name, body }, { onSuccess: onClose, onError });
    else create.mutate(body, { onSuccess: onClose, onError });
  });

  return (
    <FormDialog
      title={issuer ? `Edit OIDC issuer ${issuer.name}` : 'Add OIDC issuer'}
      submitLabel={issuer ? 'Save' : 'Add issuer'}
      pendingLabel="Saving…"
      pending={mutation.isPending}
      failure={failure}
      failureTitle="The issuer could not be saved"
      onSubmit={(event) => void submit(event)}
      onClose={onClose}
    >
      <FormTextInput
        control={control}
        name="name"
        label="Name"
        required
        disabled={issuer !== undefined}
        hint="Lowercase letters, digits and hyphens."
      />
      {providerFields.map((field) => (
        <FormTextInput key={field.name} control={control} {...field} />
      ))}
      <FormSelect
        control={control}
        name="audience_match_policy"
        label="Audience match policy"
        hint="Several audiences need MatchAny."
      >
        <MenuItem value="">Exact (one audience)</MenuItem>
        <MenuItem value="MatchAny">MatchAny</MenuItem>
      </FormSelect>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { sm: '1fr 1fr' } }}>
        {claimFields.map((field) => (
          <FormTextInput key={field.name} control={control} {...field} />
        ))}
      </Box>
      <FormTextInput
        control={control}
        name="certificate_authority"
        label="Certificate authority (PEM)"
        multiline
        minRows={3}
        hint="Optional: the CA bundle of a provider whose certificate is not publicly trusted."
      />
      {kept.length > 0 && (
        <Alert severity="info">{`Kept as they are: ${kept.join(', ')}. Change them with an import.`}</Alert>
      )}
    </FormDialog>
  );
}

function IssuerKubeconfigDialog({
  cluster,
  issuer,
  onClose,
}: {
  cluster: Cluster;
  issuer: Issuer;
  onClose: () => void;
}) {
  const [audience, setAudience] = useState(issuer.audiences[0] ?? '');
  const kubeconfig = useQuery(
    kubernetesQueries.issuerKubeconfig(cluster.uuid, issuer.name, audience),
  );
  return (
    <KubeconfigDialog
      title={`Kubeconfig for ${issuer.name}`}
      fileName={`${cluster.name}-${issuer.name}-kubeconfig.yaml`}
      description="Signs in through the provider with the kubelogin plugin (kubectl oidc-login). It holds no credential; its comments say where a client secret and provider flags go."
      kubeconfig={kubeconfig}
      onClose={onClose}
    >
      <TextField
        select
        label="Audience (OIDC client ID)"
        value={audience}
        onChange={(event) => setAudience(event.target.value)}
      >
        {issuer.audiences.map((item) => (
          <MenuItem key={item} value={item}>
            {item}
          </MenuItem>
        ))}
      </TextField>
    </KubeconfigDialog>
  );
}

const changeWords: Record<IssuerChange['kind'], string> = {
  added: 'Added',
  removed: 'Removed',
  changed: 'Changed',
  unchanged: 'Unchanged',
};
const changeColors = {
  added: 'success',
  removed: 'error',
  changed: 'warning',
  unchanged: 'default',
} as const;

type Preview = { ok: true; changes: IssuerChange[] } | { ok: false; message: string };

/**
 * Import of an AuthenticationConfiguration: the panel reads the YAML with the same rules as the
 * API and shows what the whole-set replace would do before it is sent.
 */
function ImportDialog({
  cluster,
  current,
  onClose,
}: {
  cluster: Cluster;
  current: Issuer[];
  onClose: () => void;
}) {
  const importIssuers = useImportIssuers(cluster.uuid);
  const [document, setDocument] = useState('');
  const [preview, setPreview] = useState<Preview | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const change = (text: string) => {
    setDocument(text);
    setPreview(null);
    importIssuers.reset();
  };

  const readFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (file) change(await file.text());
  };

  const showPreview = async () => {
    const { parseDocument } = await import('yaml');
    const parsed = parseDocument(document, { prettyErrors: false });
    if (parsed.errors.length > 0) {
      setPreview({
        ok: false,
        message: `The document is not valid YAML: ${parsed.errors[0]!.message}`,
      });
      return;
    }
    const result = issuersFromAuthenticationConfiguration(parsed.toJS());
    setPreview(
      result.ok
        ? { ok: true, changes: diffIssuers(current, result.issuers) }
        : { ok: false, message: result.message },
    );
  };

  const confirm = () => importIssuers.mutate(document, { onSuccess: onClose });

  return (
    <FormDialog
      title="Import an AuthenticationConfiguration"
      submitLabel={preview?.ok ? 'Replace all issuers' : 'Show changes'}
      pendingLabel="Importing…"
      pending={importIssuers.isPending}
      submitDisabled={document.trim() === ''}
      failure={importIssuers.error}
      failureTitle="The configuration could not be imported"
      onSubmit={(event) => {
        event.preventDefault();
        if (preview?.ok) confirm();
        else void showPreview();
      }}
      onClose={onClose}
    >
      <Typography>
        Paste a kube-apiserver AuthenticationConfiguration (apiserver.config.k8s.io/v1). Its JWT
        authenticators replace all of the cluster's issuers, named after their issuer hosts.
      </Typography>
      <Box>
        <Button
          variant="outlined"
          startIcon={<UploadFileIcon />}
          onClick={() => fileInput.current?.click()}
        >
          Choose a file
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept=".yaml,.yml,text/yaml"
          hidden
          onChange={(event) => void readFile(event)}
        />
      </Box>
      <TextField
        label="AuthenticationConfiguration YAML"
        value={document}
        onChange={(event) => change(event.target.value)}
        multiline
        minRows={8}
        maxRows={18}
        slotProps={{ input: { sx: { fontFamily: 'monospace', fontSize: 13 } } }}
      />
      {preview && !preview.ok && (
        <Alert severity="error" role="alert">
          {preview.message}
        </Alert>
      )}
      {preview?.ok && <ChangeTable changes={preview.changes} />}
    </FormDialog>
  );
}

function ChangeTable({ changes }: { changes: IssuerChange[] }) {
  if (changes.length === 0) {
    return <Alert severity="info">The cluster has no issuers and the document has none.</Alert>;
  }
  return (
    <Box>
      <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
        Changes
      </Typography>
      <Table size="small" aria-label="Changes the import makes">
        <TableHead>
          <TableRow>
            <TableCell>Issuer</TableCell>
            <TableCell>Change</TableCell>
            <TableCell>Details</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {changes.map((change) => (
            <TableRow key={`${change.kind}-${change.name}`}>
              <TableCell component="th" scope="row">
                {change.name}
              </TableCell>
              <TableCell>
                <Chip
                  size="small"
                  color={changeColors[change.kind]}
                  label={changeWords[change.kind]}
                  sx={{ transition: 'none' }}
                />
              </TableCell>
              <TableCell>
                {change.kind === 'changed'
                  ? `Changes ${change.fields.join(', ')}`
                  : change.issuer.issuer_url}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

export const ClusterOidcPage = routeDetailPage(
  kubernetesQueries.detail,
  'OIDC authentication',
  (cluster) => <OidcView cluster={cluster} />,
);
