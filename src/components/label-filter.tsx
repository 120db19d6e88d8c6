import { useState } from 'react';
import type { FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { parseLabelFilter } from '../../contract/labels';
import { TextInput } from './form/text-input';

interface LabelFilterProps {
  /** `key` or `key=value` texts (api-rules §2.8). */
  value: string[];
  onChange: (next: string[]) => void;
}

/** Label filter chips: add `key` or `key=value`, remove a chip to drop that filter. */
export function LabelFilter({ value, onChange }: LabelFilterProps) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);

  const add = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    if (trimmed === '') return;
    if (!parseLabelFilter(trimmed)) {
      setError('Give a key of 1 to 32 characters not starting with “_”, or key=value.');
      return;
    }
    setError(null);
    setText('');
    if (!value.includes(trimmed)) onChange([...value, trimmed]);
  };

  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Box
        component="form"
        role="search"
        aria-label="Label filter"
        onSubmit={add}
        sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', maxWidth: 420 }}
      >
        <TextInput
          size="small"
          label="Label filter"
          value={text}
          onChange={(event) => setText(event.target.value)}
          error={error !== null}
          helperText={error ?? 'key or key=value'}
        />
        <Button type="submit" variant="outlined">
          Add
        </Button>
      </Box>
      {value.length > 0 && (
        <Box
          component="ul"
          aria-label="Active label filters"
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0 }}
        >
          {value.map((filter) => (
            <li key={filter}>
              <Chip
                label={filter}
                aria-label={`Remove label filter ${filter}`}
                onClick={() => onChange(value.filter((item) => item !== filter))}
                onDelete={() => onChange(value.filter((item) => item !== filter))}
              />
            </li>
          ))}
        </Box>
      )}
    </Box>
  );
}
