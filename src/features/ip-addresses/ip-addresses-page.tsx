import { createContext, use, useState } from 'react';
import type { Dispatch, SetStateAction } from 'react';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import type { CellContext } from '@tanstack/react-table';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router';
import type { IpAddress } from '../../../contract/ip-address';
import { ipAddressListCall, ipAddressQueries } from '../../api/ip-addresses';
import { networkQueries } from '../../api/networks';
import { serverQueries } from '../../api/servers';
import { DataTable } from '../../components/data-table';
import { CreateButton } from '../../components/create-button';
import { SearchBox } from '../../components/list-controls';
import { PageHeader } from '../../components/page-header';
import { QueryView } from '../../components/query-view';
import { ReservedName } from '../../components/reserved-name';
import { useSuccessNotice } from '../../components/success-notice';
import { links } from '../../lib/links';
import { toggleSelection } from '../../lib/selection';
import { BulkPtrDialog } from './bulk-ptr-dialog';
import { AddIpAddressDialog, ReleaseIpAddressDialog } from './ip-address-dialogs';
import { PtrRecordCell } from './ptr-record-cell';
import { RouterLink } from '../../components/router-link';

const column = createColumnHelper<IpAddress>();

/** What the table's cells need from the page; the columns stay module constants so that a cell
 * (such as a PTR record being edited) keeps its state when the page renders again. */
interface IpTable {
  selected: ReadonlySet<string>;
  shown: readonly IpAddress[];
  setSelected: Dispatch<SetStateAction<ReadonlySet<string>>>;
  serverTitle: (uuid: string | undefined) => string | undefined;
  onRelease: (address: IpAddress) => void;
}

const IpTableContext = createContext<IpTable | null>(null);

function useIpTable(): IpTable {
  const table = use(IpTableContext);
  if (!table) throw new Error('IP address cells render inside IpTableContext');
  return table;
}

function SelectAllCell() {
  const { shown, selected, setSelected } = useIpTable();
  const selectable = shown.filter(hasPtr);
  const all = selectable.length > 0 && selectable.every((item) => selected.has(item.address));
  return (
    <Checkbox
      size="small"
      checked={all}
      disabled={selectable.length === 0}
      indeterminate={!all && selectable.some((item) => selected.has(item.address))}
      onChange={(event) =>
        setSelected((current) =>
          toggleSelection(
            current,
            selectable.map((item) => item.address),
            event.target.checked,
          ),
        )
      }
      slotProps={{ input: { 'aria-label': 'Select all shown public addresses' } }}
    />
  );
}

/** Only public addresses have PTR records (the API refuses others), so only they are selectable. */
const hasPtr = (address: IpAddress) => address.access === 'public';

function SelectCell({ row }: CellContext<IpAddress, unknown>) {
  const { selected, setSelected } = useIpTable();
  const address = row.original.address;
  if (!hasPtr(row.original)) return null;
  return (
    <Checkbox
      size="small"
      checked={selected.has(address)}
      onChange={(event) =>
        setSelected((current) => toggleSelection(current, [address], event.target.checked))
      }
      slotProps={{ input: { 'aria-label': `Select ${address}` } }}
    />
  );
}

function ServerCell({ row }: CellContext<IpAddress, unknown>) {
  const { serverTitle } = useIpTable();
  const server = row.original.server;
  if (!server) return <>Not attached</>;
  // The server's UUID until the server list names it, in a box its title keeps: nothing moves.
  return <ReservedName uuid={server} name={serverTitle(server)} to={links.server(server)} />;
}

function ActionsCell({ row }: CellContext<IpAddress, unknown>) {
  const { onRelease } = useIpTable();
  const { address } = row.original;
  // An address has no page of its own: its activity is the audit log searched by the address.
  const activity = (
    <Button
      size="small"
      // Primary text on a hovered row's tint falls below 4.5:1 contrast.
      color="inherit"
      component={RouterLink}
      to={links.auditLogs({ q: address })}
      aria-label={`Activity of ${address}`}
    >
      Activity
    </Button>
  );
  // A private address goes with its interface; the API refuses to release it alone.
  if (row.original.access === 'private') {
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        {activity}
        <Typography variant="body2" color="text.secondary">
          Goes with its interface
        </Typography>
      </Box>
    );
  }
  // No gap beyond the buttons' own padding: at 1280 px beside the navigation, the 8 px of one
  // took the row's actions past what the table showed.
  return (
    <Box sx={{ display: 'flex' }}>
      {activity}
      <Button
        size="small"
        color="error"
        aria-label={`Release ${address}`}
        onClick={() => onRelease(row.original)}
      >
        Release
      </Button>
    </Box>
  );
}

function PtrCell({ row }: CellContext<IpAddress, unknown>) {
  if (!hasPtr(row.original)) {
    return (
      <Typography variant="body2" color="text.secondary">
        {`None (${row.original.access} address)`}
      </Typography>
    );
  }
  return <PtrRecordCell address={row.original} />;
}

const columns = [
  column.display({ id: 'select', header: SelectAllCell, cell: SelectCell }),
  column.accessor('address', { header: 'Address' }),
  column.accessor('access', { header: 'Access' }),
  column.accessor('family', { header: 'Family' }),
  column.accessor('zone', { header: 'Zone' }),
  column.display({ id: 'server', header: 'Server', cell: ServerCell }),
  column.accessor('floating', { header: 'Floating' }),
  column.display({ id: 'ptr', header: 'PTR record', cell: PtrCell }),
  column.display({ id: 'actions', header: 'Actions', cell: ActionsCell }),
];

/** Addresses match on any part typed, ignoring case (IPv6 hex digits may be typed either way). */
function matches(address: IpAddress, search: string): boolean {
  return address.address.toLowerCase().includes(search.trim().toLowerCase());
}

export function IpAddressesPage() {
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const addresses = useQuery(ipAddressQueries.list());
  const servers = useQuery(serverQueries.list());
  const networks = useQuery(networkQueries.list());
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [adding, setAdding] = useState(false);
  // The dialog keeps the addresses it opened with while the selection is cleared after saving.
  const [bulkEditing, setBulkEditing] = useState<IpAddress[] | null>(null);
  const [releasing, setReleasing] = useState<IpAddress | null>(null);
  const { notify, notice } = useSuccessNotice();

  const all = addresses.data ?? [];
  const shown = all.filter((address) => matches(address, search));
  const selectedAddresses = all.filter(
    (address) => selected.has(address.address) && hasPtr(address),
  );
  const serverTitle = (uuid: string | undefined) =>
    servers.data?.find((server) => server.uuid === uuid)?.title;
  const networkName = (uuid: string | undefined) =>
    networks.data?.find((network) => network.uuid === uuid)?.name;
  const table: IpTable = {
    selected,
    shown,
    setSelected,
    serverTitle,
    onRelease: setReleasing,
  };

  return (
    <>
      <PageHeader
        title="IP addresses"
        description="Public, utility and private addresses of your servers, and floating addresses."
        actions={<CreateButton onClick={() => setAdding(true)}>Add IP address</CreateButton>}
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2, alignItems: 'center' }}>
        <SearchBox
          label="Search by address"
          value={search}
          onSearch={(text) =>
            setParams(
              (current) => {
                const next = new URLSearchParams(current);
                if (text.trim()) next.set('search', text.trim());
                else next.delete('search');
                return next;
              },
              { replace: true },
            )
          }
        />
        <Button
          variant="outlined"
          disabled={selectedAddresses.length === 0}
          onClick={() => setBulkEditing(selectedAddresses)}
        >
          {`Edit PTR records of selected (${selectedAddresses.length})`}
        </Button>
      </Box>
      <QueryView
        query={addresses}
        read={ipAddressListCall}
        loading="Loading IP addresses"
        failure="IP addresses could not be loaded"
        empty={
          all.length === 0
            ? {
                title: 'No IP addresses yet.',
                description: 'Add an address to a server, or a floating one.',
              }
            : { title: 'No address matches the search.' }
        }
        isEmpty={() => shown.length === 0}
      >
        {() => (
          <IpTableContext value={table}>
            <DataTable
              label="IP addresses"
              columns={columns}
              data={shown}
              getRowId="address"
              rowHeaderColumn="address"
              virtual
            />
          </IpTableContext>
        )}
      </QueryView>
      {notice}
      {adding && (
        <AddIpAddressDialog
          onClose={() => setAdding(false)}
          onAdded={(address) => {
            setAdding(false);
            notify({ message: `Added ${address.address}.` });
          }}
        />
      )}
      {bulkEditing && (
        <BulkPtrDialog
          addresses={bulkEditing}
          onClose={() => setBulkEditing(null)}
          onSaved={() => setSelected(new Set())}
        />
      )}
      {releasing && (
        <ReleaseIpAddressDialog
          address={releasing}
          all={all}
          serverTitle={serverTitle(releasing.server)}
          networkName={networkName(releasing.network)}
          onClose={() => setReleasing(null)}
          onReleased={() => {
            setSelected((current) => toggleSelection(current, [releasing.address], false));
            setReleasing(null);
            notify({ message: `Released ${releasing.address}.` });
          }}
        />
      )}
    </>
  );
}
