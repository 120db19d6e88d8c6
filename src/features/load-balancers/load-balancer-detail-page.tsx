import { useState } from 'react';
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useNavigate } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import type { LoadBalancer } from '../../../contract/load-balancer';
import {
  deleteLoadBalancerCall,
  isLoadBalancerBusy,
  loadBalancerQueries,
  modifyLoadBalancerCall,
  useDeleteLoadBalancer,
  useModifyLoadBalancer,
} from '../../api/load-balancers';
import { ApiCallPanel } from '../../components/api-call-panel';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { ConfirmDialog, confirmMutation, confirmWords } from '../../components/confirm-dialog';
import { DataTable } from '../../components/data-table';
import { routeDetailPage } from '../../components/detail-query';
import { OverviewFacts, labelChips } from '../../components/overview-facts';
import type { Fact } from '../../components/overview-facts';
import { PageHeader } from '../../components/page-header';
import { ResourceTabs, useOverviewPanel, useSectionPanel } from '../../components/resource-tabs';
import { StateChip } from '../../components/state-chip';
import { HostName } from '../../components/host-name';
import { links } from '../../lib/links';
import { BackendsTab } from './backends-tab';
import { CertificatesTab } from './certificates-tab';
import { FrontendsTab } from './frontends-tab';

export const LoadBalancerDetailPage = routeDetailPage(
  loadBalancerQueries.detail,
  'Load balancer',
  (balancer) => <LoadBalancerView balancer={balancer} />,
);

const sections = [
  { value: 'frontends', label: 'Frontends and rules' },
  { value: 'backends', label: 'Backends and members' },
  { value: 'certificates', label: 'Certificates' },
  { value: 'networks', label: 'Networks' },
] as const;

/** One of the page's sections: what it shows mounts only while its tab is open. */
function SectionPanel({
  value,
  children,
}: {
  value: (typeof sections)[number]['value'];
  children: ReactNode;
}) {
  const panel = useSectionPanel(value, sections);
  return <Box {...panel}>{!panel.hidden && children}</Box>;
}

/** Addresses the service answers on, from every network. */
const addressesOf = (balancer: LoadBalancer) =>
  balancer.networks.flatMap((network) => network.ip_addresses.map((ip) => ip.address));

function LoadBalancerView({ balancer }: { balancer: LoadBalancer }) {
  const overviewPanel = useOverviewPanel(sections);
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<'delete' | null>(null);
  const remove = useDeleteLoadBalancer(balancer.uuid);
  const modify = useModifyLoadBalancer(balancer.uuid);
  const started = balancer.configured_status === 'started';
  const power = { configured_status: started ? 'stopped' : 'started' } as const;
  const deleting = balancer.operational_state.startsWith('delete-');
  const addresses = addressesOf(balancer);

  const facts: Fact[] = [
    ['State', <StateChip key="state" state={balancer.operational_state} />],
    ['Configured', balancer.configured_status],
    ['DNS name', <HostName key="dns" name={balancer.dns_name} />],
    ['IP addresses', addresses.length > 0 ? addresses.join(', ') : '—'],
    ['Zone', balancer.zone],
    ['Plan', balancer.plan],
    [
      'Nodes',
      balancer.nodes.length === 0
        ? '—'
        : balancer.nodes.map((node) => node.operational_state).join(', '),
    ],
    [
      'Maintenance window',
      `${balancer.maintenance_dow} ${balancer.maintenance_time.replace('Z', ' UTC')}`,
    ],
    ['Labels', labelChips(balancer.labels)],
    ['UUID', balancer.uuid],
  ];

  return (
    <>
      <PageHeader
        title={balancer.name}
        crumb={balancer.name}
        description={
          deleting
            ? 'The load balancer is being deleted.'
            : isLoadBalancerBusy(balancer)
              ? `The load balancer is being set up (${balancer.operational_state}); changes apply when it runs.`
              : undefined
        }
        actions={
          <>
            <Button
              variant="outlined"
              disabled={modify.isPending || deleting}
              onClick={() => modify.mutate(power)}
            >
              {started ? 'Stop' : 'Start'}
            </Button>
            <Button
              variant="outlined"
              color="error"
              disabled={deleting}
              onClick={() => setDialog('delete')}
            >
              Delete
            </Button>
          </>
        }
      />
      {modify.error && (
        <Box sx={{ mb: 2 }}>
          <ApiErrorAlert
            error={modify.error}
            title={`The load balancer could not be ${started ? 'stopped' : 'started'}`}
          />
        </Box>
      )}
      <ResourceTabs resourceId={balancer.uuid} sections={sections} />
      <Box {...overviewPanel}>
        <OverviewFacts
          facts={facts}
          progress={
            isLoadBalancerBusy(balancer) ? `Load balancer ${balancer.operational_state}` : undefined
          }
        />
        <ApiCallPanel preview={modifyLoadBalancerCall(balancer.uuid, power)} />
      </Box>
      <SectionPanel value="frontends">
        <FrontendsTab balancer={balancer} />
      </SectionPanel>
      <SectionPanel value="backends">
        <BackendsTab balancer={balancer} />
      </SectionPanel>
      <SectionPanel value="certificates">
        <CertificatesTab balancer={balancer} />
      </SectionPanel>
      <SectionPanel value="networks">
        <NetworksTable networks={balancer.networks} />
      </SectionPanel>
      <ConfirmDialog
        open={dialog === 'delete'}
        title={`Delete load balancer ${balancer.name}?`}
        {...confirmWords('delete', 'load balancer')}
        {...confirmMutation(remove, undefined, () => void navigate(links.loadBalancers()))}
        typedConfirmation={{ expected: balancer.name, what: 'the load balancer’s name' }}
        apiCall={deleteLoadBalancerCall(balancer.uuid)}
        onClose={() => setDialog(null)}
      >
        {`Its DNS name ${balancer.dns_name} stops answering and its frontends stop forwarding traffic. Your servers are not touched. This cannot be undone.`}
      </ConfirmDialog>
    </>
  );
}

type LoadBalancerNetwork = LoadBalancer['networks'][number];
const networkColumn = createColumnHelper<LoadBalancerNetwork>();
const networkColumns = [
  networkColumn.accessor('name', { header: 'Name' }),
  networkColumn.accessor('type', { header: 'Type' }),
  networkColumn.accessor('family', { header: 'Family' }),
  networkColumn.accessor('dns_name', {
    header: 'DNS name',
    cell: (info) => <HostName name={info.getValue()} />,
  }),
  networkColumn.display({
    id: 'addresses',
    header: 'Addresses',
    cell: ({ row }) => row.original.ip_addresses.map((ip) => ip.address).join(', ') || '—',
  }),
  networkColumn.display({
    id: 'network',
    header: 'SDN network',
    cell: ({ row }) => row.original.uuid ?? '—',
  }),
];

function NetworksTable({ networks }: { networks: LoadBalancerNetwork[] }) {
  return (
    <Stack spacing={2}>
      <DataTable
        label="Networks"
        columns={networkColumns}
        data={networks}
        getRowId="name"
        rowHeaderColumn="name"
      />
    </Stack>
  );
}
