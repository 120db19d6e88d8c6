import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import CloseIcon from '@mui/icons-material/Close';
import type { ServerDetails } from '../../../contract/server';
import { tagNameSchema } from '../../../contract/server';
import { tagQueries, useTagServer, useUntagServer } from '../../api/tags';
import { ApiErrorAlert } from '../../components/api-error-alert';
import type { Notice } from '../../components/success-notice';

/**
 * A server's tags on its overview: remove one with its chip, add one of the account's tags, or
 * type a new name to create it on the way (api-reference-notes §2.1, §16).
 */
export function ServerTagsField({
  server,
  notify,
}: {
  server: ServerDetails;
  notify: (notice: Notice) => void;
}) {
  const tags = useQuery(tagQueries.list());
  const add = useTagServer(server.uuid);
  const remove = useUntagServer(server.uuid);
  const [input, setInput] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const current = server.tags.tag;
  const choices = (tags.data ?? [])
    .map((tag) => tag.name)
    .filter((name) => !current.includes(name));
  const pending = add.isPending || remove.isPending;

  const choose = (name: string | null) => {
    const trimmed = name?.trim() ?? '';
    if (!trimmed) return;
    const parsed = tagNameSchema.safeParse(trimmed);
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message ?? 'Not a tag name.');
      return;
    }
    setInvalid(null);
    const known = tags.data?.some((tag) => tag.name === trimmed) ?? false;
    add.mutate(
      { name: trimmed, isNew: !known },
      {
        onSuccess: () => {
          setInput('');
          notify({ message: `Tag “${trimmed}” added` });
        },
      },
    );
  };

  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Box
        component="ul"
        aria-label="Tags"
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, m: 0, p: 0 }}
      >
        {current.length === 0 && <li style={{ listStyle: 'none' }}>—</li>}
        {current.map((name) => (
          <Box component="li" key={name} sx={{ listStyle: 'none' }}>
            <Chip size="small" label={name} />
            <IconButton
              size="small"
              aria-label={`Remove tag ${name}`}
              disabled={pending}
              onClick={() =>
                remove.mutate(name, {
                  onSuccess: () => notify({ message: `Tag “${name}” removed` }),
                })
              }
            >
              <CloseIcon fontSize="inherit" />
            </IconButton>
          </Box>
        ))}
      </Box>
      <Autocomplete
        freeSolo
        size="small"
        options={choices}
        value={null}
        inputValue={input}
        onInputChange={(_event, value) => setInput(value)}
        onChange={(_event, value) => choose(value)}
        disabled={pending}
        loading={tags.isPending}
        sx={{ maxWidth: 320 }}
        renderInput={(params) => (
          <TextField
            {...params}
            label="Add a tag"
            error={invalid !== null}
            helperText={invalid ?? 'Choose a tag, or type a new name and press Enter.'}
          />
        )}
      />
      {(add.error ?? remove.error) && (
        <ApiErrorAlert error={(add.error ?? remove.error)!} title="The tags could not be changed" />
      )}
    </Box>
  );
}
