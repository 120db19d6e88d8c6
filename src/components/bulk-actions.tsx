import { createContext, use, useEffect, useId, useRef, useState } from 'react';
import pLimit from 'p-limit';
import type { Dispatch, ReactNode, SetStateAction } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ApiError } from '../api/http';
import { ApiCallPanel } from './api-call-panel';
import { useGracePeriod } from './undoable-action';

// ---------------------------------------------------------------------------------------------
// Row selection

interface Selection {
  selected: ReadonlySet<string>;
  setSelected: Dispatch<SetStateAction<ReadonlySet<string>>>;
  /** The list's actions and how its items are named (BulkSelection's props). */
  toolbar: BulkActionsProps<unknown>;
  /** Opens the run dialog of `action` on `items`. */
  openRun: (run: { action: BulkAction<unknown>; items: unknown[] }) => void;
}

const SelectionContext = createContext<Selection | null>(null);

function useSelection(): Selection {
  const selection = use(SelectionContext);
  if (!selection)
    throw new Error('Selection cells and bulk toolbars render inside a BulkSelection');
  return selection;
}

function SelectAll({ ids, label }: { ids: string[]; label: string }) {
  const { selected, setSelected } = useSelection();
  const all = ids.length > 0 && ids.every((id) => selected.has(id));
  return (
    <Checkbox
      size="small"
      checked={all}
      indeterminate={!all && ids.some((id) => selected.has(id))}
      onChange={(event) =>
        setSelected((current) => {
          const next = new Set(current);
          for (const id of ids) {
            if (event.target.checked) next.add(id);
            else next.delete(id);
          }
          return next;
        })
      }
      slotProps={{ input: { 'aria-label': label } }}
    />
  );
}

function SelectOne({ id, label }: { id: string; label: string }) {
  const { selected, setSelected } = useSelection();
  return (
    <Checkbox
      size="small"
      checked={selected.has(id)}
      onChange={(event) =>
        setSelected((current) => {
          const next = new Set(current);
          if (event.target.checked) next.add(id);
          else next.delete(id);
          return next;
        })
      }
      slotProps={{ input: { 'aria-label': label } }}
    />
  );
}

/** A checkbox column for a DataTable inside a BulkSelection; the header selects the page. */
export function selectionColumn<T>(nameOf: (row: T) => string, plural: string): ColumnDef<T> {
  return {
    id: 'select',
    enableSorting: false,
    header: ({ table }) => (
      <SelectAll
        ids={table.getRowModel().rows.map((row) => row.id)}
        label={`Select all ${plural} on this page`}
      />
    ),
    cell: ({ row }) => <SelectOne id={row.id} label={`Select ${nameOf(row.original)}`} />,
  };
}

// ---------------------------------------------------------------------------------------------
// Bulk actions

export interface LabelInput {
  key: string;
  value: string;
}

export interface BulkAction<T> {
  id: string;
  /** The toolbar button, e.g. "Stop". */
  label: string;
  /** Deleting: the user types the count (or "delete"), then it waits out the Undo grace period. */
  destructive?: boolean;
  /** Asks for a label first: its key and value (`add`) or only its key (`remove`). */
  labelInput?: 'add' | 'remove';
  /** What happens to each item, said in the confirmation. */
  description?: string;
  /**
   * Why an item cannot succeed (such as "already started"), or undefined: such items are left
   * out unsent and listed with the reason, so a run offers no retry that would fail again.
   */
  skip?: (item: T) => string | undefined;
  run: (item: T, label: LabelInput) => Promise<unknown>;
}

/** Add label and Remove label, each item through `change` (`value` null removes the key). */
export function labelActions<T>(
  change: (item: T, key: string, value: string | null) => Promise<unknown>,
): BulkAction<T>[] {
  return [
    {
      id: 'add-label',
      label: 'Add label',
      labelInput: 'add',
      description: 'A label with the same key is replaced.',
      run: (item, label) => change(item, label.key, label.value),
    },
    {
      id: 'remove-label',
      label: 'Remove label',
      labelInput: 'remove',
      run: (item, label) => change(item, label.key, null),
    },
  ];
}

type ItemResult =
  { state: 'queued' | 'running' | 'done' } | { state: 'failed'; code: string; message: string };

const concurrency = 3;

function failure(error: unknown): ItemResult {
  if (error instanceof ApiError)
    return { state: 'failed', code: error.code, message: error.message };
  return {
    state: 'failed',
    code: 'CLIENT_ERROR',
    message: error instanceof Error ? error.message : String(error),
  };
}

interface BulkActionsProps<T> {
  idOf: (item: T) => string;
  nameOf: (item: T) => string;
  noun: { one: string; many: string };
  /** Each runs one mutation per item; the mutations keep the query cache up to date. */
  actions: BulkAction<T>[];
}

/**
 * Where a list page's row selection and its bulk runs live. It goes around the whole list (its
 * filters, paging and empty state), not inside it: a run that deletes every row on screen empties
 * the list, and its results must stay on screen until the user closes them.
 */
export function BulkSelection<T>({
  children,
  ...toolbar
}: BulkActionsProps<T> & { children: ReactNode }) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [open, setOpen] = useState<{ action: BulkAction<T>; items: T[] } | null>(null);
  const selection = {
    selected,
    setSelected,
    toolbar: toolbar as unknown as BulkActionsProps<unknown>,
    openRun: setOpen as unknown as Selection['openRun'],
  };
  return (
    <SelectionContext value={selection}>
      {children}
      {open && (
        <BulkActionDialog
          idOf={toolbar.idOf}
          nameOf={toolbar.nameOf}
          noun={toolbar.noun}
          action={open.action}
          items={open.items}
          onClose={(ran) => {
            setOpen(null);
            // A run's results were seen: the selection starts again.
            if (ran) setSelected(new Set());
          }}
        />
      )}
    </SelectionContext>
  );
}

/**
 * The table of a BulkSelection (it has a `selectionColumn`) under a toolbar that acts on the
 * selected ones among `rows`, the rows on screen, one API call per item.
 */
export function BulkToolbar<T>({ rows, children }: { rows: T[]; children: ReactNode }) {
  const { selected, toolbar, openRun } = useSelection();
  const { idOf, noun, actions } = toolbar as unknown as BulkActionsProps<T>;
  const items = rows.filter((row) => selected.has(idOf(row)));
  const count = items.length;
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Paper
        variant="outlined"
        role="toolbar"
        aria-label={`Bulk actions on selected ${noun.many}`}
        sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, px: 2, py: 1 }}
      >
        <Typography variant="body2" sx={{ mr: 1 }}>
          {count === 0
            ? `Select ${noun.many} to act on several at once.`
            : `${count} ${count === 1 ? noun.one : noun.many} selected`}
        </Typography>
        {actions.map((action) => (
          <Button
            key={action.id}
            size="small"
            variant="outlined"
            color={action.destructive ? 'error' : 'primary'}
            disabled={count === 0}
            onClick={() => openRun({ action, items } as unknown as Parameters<typeof openRun>[0])}
          >
            {action.label}
          </Button>
        ))}
      </Paper>
      {children}
    </Box>
  );
}

function BulkActionDialog<T>({
  action,
  items,
  idOf,
  nameOf,
  noun,
  onClose,
}: {
  action: BulkAction<T>;
  items: T[];
  idOf: (item: T) => string;
  nameOf: (item: T) => string;
  noun: { one: string; many: string };
  onClose: (ran: boolean) => void;
}) {
  const titleId = useId();
  const [typed, setTyped] = useState('');
  const [label, setLabel] = useState<LabelInput>({ key: '', value: '' });
  const [keyError, setKeyError] = useState<string | null>(null);
  const [results, setResults] = useState<Map<string, ItemResult> | null>(null);
  const grace = useGracePeriod();
  // The confirm button is gone once the grace period starts: keyboard focus goes to Undo.
  const undoButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (grace.waiting) undoButton.current?.focus();
  }, [grace.waiting]);
  const skipped = new Map<string, string>();
  for (const item of items) {
    const reason = action.skip?.(item);
    if (reason !== undefined) skipped.set(idOf(item), reason);
  }
  const targets = items.filter((item) => !skipped.has(idOf(item)));
  const count = targets.length;
  const what = `${count} ${count === 1 ? noun.one : noun.many}`;
  const running = results
    ? [...results.values()].some((r) => r.state === 'running' || r.state === 'queued')
    : false;
  const failed = results ? items.filter((item) => results.get(idOf(item))?.state === 'failed') : [];
  const done = results ? [...results.values()].filter((r) => r.state === 'done').length : 0;

  const run = async (targets: T[]) => {
    const set = (id: string, result: ItemResult) =>
      setResults((current) => new Map(current).set(id, result));
    setResults((current) => {
      const next = new Map(current);
      for (const item of targets) next.set(idOf(item), { state: 'queued' });
      return next;
    });
    const limit = pLimit(concurrency);
    await Promise.all(
      targets.map((item) =>
        limit(async () => {
          const id = idOf(item);
          set(id, { state: 'running' });
          try {
            await action.run(item, { key: label.key.trim(), value: label.value.trim() });
            set(id, { state: 'done' });
          } catch (error) {
            set(id, failure(error));
          }
        }),
      ),
    );
  };

  const confirmed =
    count > 0 &&
    (!action.destructive ||
      typed.trim() === String(count) ||
      typed.trim().toLowerCase() === 'delete');

  const start = () => {
    if (action.labelInput && label.key.trim() === '') {
      setKeyError('Enter the label’s key.');
      return;
    }
    if (!action.destructive) {
      void run(targets);
      return;
    }
    // Nothing is sent before the grace period ends; Undo drops it unsent.
    grace.start(() => void run(targets));
  };
  const { graceMs, msLeft } = grace;

  return (
    <Dialog
      open
      onClose={running || grace.waiting ? undefined : () => onClose(results !== null)}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={titleId}>{`${action.label}: ${what}`}</DialogTitle>
      <DialogContent>
        {grace.waiting ? (
          <Stack spacing={2}>
            <Typography role="status">
              {`${action.label} ${what} in ${Math.max(1, Math.ceil(msLeft / 1000))} s. Undo sends nothing.`}
            </Typography>
            <LinearProgress
              variant="determinate"
              value={100 - (msLeft / graceMs) * 100}
              aria-label="Time left to undo"
            />
          </Stack>
        ) : results === null ? (
          <Stack spacing={2}>
            <DialogContentText component="div">
              {count > 0 && <p>{`${action.label} ${what}: ${targets.map(nameOf).join(', ')}.`}</p>}
              {skipped.size > 0 && (
                <p>{`Left out, as the API would refuse them: ${items
                  .filter((item) => skipped.has(idOf(item)))
                  .map((item) => `${nameOf(item)} (${skipped.get(idOf(item))})`)
                  .join(', ')}.`}</p>
              )}
              {action.description && <p>{action.description}</p>}
            </DialogContentText>
            {action.labelInput && (
              <Box sx={{ display: 'flex', gap: 2 }}>
                <TextField
                  size="small"
                  label="Label key"
                  value={label.key}
                  required
                  error={keyError !== null}
                  helperText={keyError ?? ' '}
                  onChange={(event) => {
                    setKeyError(null);
                    setLabel({ ...label, key: event.target.value });
                  }}
                />
                {action.labelInput === 'add' && (
                  <TextField
                    size="small"
                    label="Label value"
                    value={label.value}
                    helperText=" "
                    onChange={(event) => setLabel({ ...label, value: event.target.value })}
                  />
                )}
              </Box>
            )}
            {action.destructive && (
              <TextField
                size="small"
                autoComplete="off"
                label={`Type ${count} or “delete” to confirm`}
                value={typed}
                onChange={(event) => setTyped(event.target.value)}
                helperText="This cannot be undone."
              />
            )}
          </Stack>
        ) : (
          <Stack spacing={2}>
            {running && <LinearProgress aria-label={`${action.label}: in progress`} />}
            <Typography role="status">
              {running
                ? `Working… ${done} of ${count} done.`
                : `${done} done, ${failed.length} failed.${
                    skipped.size > 0 ? ` ${skipped.size} left out.` : ''
                  }`}
            </Typography>
            <Table size="small" aria-label="Results">
              <TableHead>
                <TableRow>
                  <TableCell sx={{ fontWeight: 600 }}>
                    {noun.one[0]!.toUpperCase() + noun.one.slice(1)}
                  </TableCell>
                  <TableCell sx={{ fontWeight: 600 }}>Result</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {items.map((item) => {
                  const result = results.get(idOf(item));
                  const reason = skipped.get(idOf(item));
                  return (
                    <TableRow key={idOf(item)}>
                      <TableCell component="th" scope="row">
                        {nameOf(item)}
                      </TableCell>
                      <TableCell>
                        {reason !== undefined ? (
                          `Left out: ${reason}`
                        ) : result?.state === 'failed' ? (
                          <Typography component="span" color="error" variant="body2">
                            {`Failed: ${result.code} — ${result.message}`}
                          </Typography>
                        ) : result?.state === 'done' ? (
                          'Done'
                        ) : result?.state === 'running' ? (
                          'Working…'
                        ) : (
                          'Waiting'
                        )}
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </Stack>
        )}
        {/* One request per item: the view shows the latest one sent. */}
        <Box sx={{ mt: 2 }}>
          <ApiCallPanel />
        </Box>
      </DialogContent>
      <DialogActions>
        {grace.waiting ? (
          <Button ref={undoButton} variant="contained" onClick={grace.undo}>
            Undo
          </Button>
        ) : results === null ? (
          <>
            <Button onClick={() => onClose(false)}>Cancel</Button>
            <Button
              variant="contained"
              color={action.destructive ? 'error' : 'primary'}
              disabled={!confirmed}
              onClick={start}
            >
              {`${action.label} ${what}`}
            </Button>
          </>
        ) : (
          <>
            {failed.length > 0 && (
              <Button disabled={running} onClick={() => void run(failed)}>
                {`Retry failed (${failed.length})`}
              </Button>
            )}
            <Button variant="contained" disabled={running} onClick={() => onClose(true)}>
              Close
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
