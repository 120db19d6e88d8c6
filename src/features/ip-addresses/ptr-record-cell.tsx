import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import EditIcon from '@mui/icons-material/Edit';
import { ptrRecordSchema } from '../../../contract/ip-address';
import type { IpAddress } from '../../../contract/ip-address';
import { useModifyIpAddress } from '../../api/ip-addresses';
import { TextInput } from '../../components/form/text-input';
import { HostName } from '../../components/host-name';

/** The PTR record of one address, edited in place: Enter saves, Escape cancels. */
export function PtrRecordCell({ address }: { address: IpAddress }) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(address.ptr_record);
  const [message, setMessage] = useState<string | null>(null);
  const modify = useModifyIpAddress();
  const input = useRef<HTMLInputElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  // Focus follows the edit: into the field when it opens, back to the button when it closes.
  useEffect(() => {
    if (editing) input.current?.focus();
    else if (wasEditing.current) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  if (!editing) {
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <span>{address.ptr_record ? <HostName name={address.ptr_record} /> : '—'}</span>
        <IconButton
          ref={editButton}
          size="small"
          aria-label={`Edit PTR record of ${address.address}`}
          onClick={() => {
            setText(address.ptr_record);
            setMessage(null);
            setEditing(true);
          }}
        >
          <EditIcon fontSize="small" />
        </IconButton>
      </Box>
    );
  }

  const save = () => {
    const ptr = text.trim();
    const parsed = ptrRecordSchema.safeParse(ptr);
    if (!parsed.success) {
      setMessage(parsed.error.issues[0]?.message ?? 'Not a valid host name.');
      return;
    }
    setMessage(null);
    modify.mutate(
      { address: address.address, body: { ip_address: { ptr_record: ptr } } },
      {
        onSuccess: () => setEditing(false),
        onError: (error) => setMessage(`${error.message} (${error.code})`),
      },
    );
  };

  return (
    <Box
      component="form"
      noValidate
      aria-label={`PTR record of ${address.address}`}
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
      sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, minWidth: 320 }}
    >
      <TextInput
        size="small"
        label={`PTR record of ${address.address}`}
        value={text}
        ref={input}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && !modify.isPending) setEditing(false);
        }}
        error={message !== null}
        helperText={message ?? undefined}
        disabled={modify.isPending}
      />
      <Button type="submit" variant="contained" size="small" disabled={modify.isPending}>
        {modify.isPending ? 'Saving…' : 'Save'}
      </Button>
      {/* Inherits the text colour: primary blue on a hovered row falls below 4.5:1 contrast. */}
      <Button
        size="small"
        color="inherit"
        disabled={modify.isPending}
        onClick={() => setEditing(false)}
      >
        Cancel
      </Button>
    </Box>
  );
}
