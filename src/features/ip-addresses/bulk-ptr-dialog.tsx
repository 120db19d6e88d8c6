import { useState } from 'react';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { ptrRecordSchema } from '../../../contract/ip-address';
import type { IpAddress } from '../../../contract/ip-address';
import { useBulkModifyIpAddresses } from '../../api/ip-addresses';
import { FormDialog } from '../../components/form-dialog';
import { TextInput } from '../../components/form/text-input';

/** Whether `message` names `address` itself, not a longer address that starts or ends with it. */
function mentions(message: string, address: string): boolean {
  const escaped = address.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|[^0-9A-Fa-f.:])${escaped}($|[^0-9A-Fa-f:]|\\.(?![0-9]))`).test(message);
}

type ItemResult = { kind: 'updated' } | { kind: 'unchanged'; reason: string };

interface BulkPtrDialogProps {
  addresses: IpAddress[];
  onClose: () => void;
  onSaved: () => void;
}

/**
 * PTR records of several addresses in one bulk request. The API applies all or nothing
 * (api-rules §4.5), so each row says whether it changed and, when the request was refused, why.
 */
export function BulkPtrDialog({ addresses, onClose, onSaved }: BulkPtrDialogProps) {
  const bulk = useBulkModifyIpAddresses();
  const [values, setValues] = useState(() =>
    Object.fromEntries(addresses.map((item) => [item.address, item.ptr_record])),
  );
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [results, setResults] = useState<Record<string, ItemResult> | null>(null);
  const done = results !== null && Object.values(results).every((r) => r.kind === 'updated');

  const submit = () => {
    const errors: Record<string, string> = {};
    for (const item of addresses) {
      const parsed = ptrRecordSchema.safeParse((values[item.address] ?? '').trim());
      if (!parsed.success) {
        errors[item.address] = parsed.error.issues[0]?.message ?? 'Not a valid host name.';
      }
    }
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) return;
    setResults(null);
    bulk.mutate(
      {
        ip_addresses: addresses.map((item) => ({
          address: item.address,
          ptr_record: (values[item.address] ?? '').trim(),
        })),
      },
      {
        onSuccess: () => {
          setResults(
            Object.fromEntries(addresses.map((item) => [item.address, { kind: 'updated' }])),
          );
          onSaved();
        },
        onError: (error) => {
          // The API's message names the address it refused; the others were refused with it.
          setResults(
            Object.fromEntries(
              addresses.map((item) => [
                item.address,
                {
                  kind: 'unchanged',
                  reason: mentions(error.message, item.address)
                    ? `${error.message} (${error.code})`
                    : 'Not changed: another address in the request was refused.',
                },
              ]),
            ),
          );
        },
      },
    );
  };

  return (
    <FormDialog
      title={`Edit PTR records of ${addresses.length} addresses`}
      submitLabel={done ? 'Close' : 'Save all'}
      pendingLabel="Saving…"
      pending={bulk.isPending}
      failure={bulk.error}
      failureTitle="No PTR record was changed"
      maxWidth="md"
      onSubmit={(event) => {
        event.preventDefault();
        if (done) onClose();
        else submit();
      }}
      onClose={onClose}
    >
      <Typography>All records change together: if one is refused, none changes.</Typography>
      <Table size="small" aria-label="PTR records to change">
        <TableHead>
          <TableRow>
            <TableCell sx={{ fontWeight: 600 }}>Address</TableCell>
            <TableCell sx={{ fontWeight: 600 }}>PTR record</TableCell>
            <TableCell sx={{ fontWeight: 600 }}>Result</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {addresses.map((item) => {
            const result = results?.[item.address];
            return (
              <TableRow key={item.address}>
                <TableCell component="th" scope="row">
                  {item.address}
                </TableCell>
                <TableCell sx={{ minWidth: 280 }}>
                  <TextInput
                    size="small"
                    label={`PTR record for ${item.address}`}
                    value={values[item.address] ?? ''}
                    disabled={bulk.isPending || done}
                    onChange={(event) =>
                      setValues((current) => ({ ...current, [item.address]: event.target.value }))
                    }
                    error={fieldErrors[item.address] !== undefined}
                    helperText={fieldErrors[item.address]}
                  />
                </TableCell>
                <TableCell>
                  {result === undefined
                    ? '—'
                    : result.kind === 'updated'
                      ? 'Updated'
                      : result.reason}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </FormDialog>
  );
}
