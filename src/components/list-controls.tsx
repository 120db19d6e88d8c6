import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import type { BoxProps } from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { pageSizes } from '../lib/list-params';
import { TextInput } from './form/text-input';

const searchDelayMs = 400;

/**
 * Searches on the server once typing pauses, so each keystroke is not a request. By default it
 * takes what its row leaves, up to the label filter's width: a row of its own on a phone.
 */
export function SearchBox({
  value,
  onSearch,
  label,
  sx = { flex: '1 1 240px', maxWidth: 420, minWidth: 0 },
}: {
  value: string;
  onSearch: (text: string) => void;
  label: string;
  sx?: BoxProps['sx'];
}) {
  const [text, setText] = useState(value);
  const [lastValue, setLastValue] = useState(value);
  if (value !== lastValue) {
    setLastValue(value);
    setText(value);
  }
  useEffect(() => {
    if (text.trim() === value) return;
    const timer = window.setTimeout(() => onSearch(text), searchDelayMs);
    return () => window.clearTimeout(timer);
  }, [text, value, onSearch]);
  return (
    <Box role="search" sx={sx}>
      <TextInput
        size="small"
        type="search"
        label={label}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
    </Box>
  );
}

interface PagerProps {
  limit: number;
  offset: number;
  /** Rows on the page shown. */
  count: number;
  hasNextPage: boolean;
  onLimit: (limit: number) => void;
  onOffset: (offset: number) => void;
}

/** Rows per page and previous/next for lists the server pages (the URL keeps both). */
export function Pager({ limit, offset, count, hasNextPage, onLimit, onOffset }: PagerProps) {
  return (
    <Box
      component="nav"
      aria-label="Pages"
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mt: 2 }}
    >
      <TextField
        select
        size="small"
        label="Rows per page"
        value={limit}
        onChange={(event) => onLimit(Number(event.target.value))}
        sx={{ minWidth: 140 }}
      >
        {pageSizes.map((size) => (
          <MenuItem key={size} value={size}>
            {size}
          </MenuItem>
        ))}
      </TextField>
      <Typography role="status" color="text.secondary">
        {count > 0 ? `Items ${offset + 1}–${offset + count}` : ''}
      </Typography>
      <PageButtons
        onPrevious={offset === 0 ? null : () => onOffset(Math.max(0, offset - limit))}
        onNext={hasNextPage ? () => onOffset(offset + limit) : null}
      />
    </Box>
  );
}

/**
 * A pager's previous and next page buttons, which wrap as one: on a phone they share a line
 * below the rest of the pager instead of Next page standing alone on a line of its own. A null
 * action disables its button.
 */
export function PageButtons({
  onPrevious,
  onNext,
}: {
  onPrevious: (() => void) | null;
  onNext: (() => void) | null;
}) {
  return (
    <Box sx={{ display: 'flex', gap: 1 }}>
      <Button disabled={!onPrevious} onClick={onPrevious ?? undefined}>
        Previous page
      </Button>
      <Button disabled={!onNext} onClick={onNext ?? undefined}>
        Next page
      </Button>
    </Box>
  );
}

/** The filters of a list side by side, wrapping on narrow screens. */
export function FilterRow({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
      {children}
    </Box>
  );
}

interface SelectFilterProps {
  label: string;
  /** The chosen option's value. */
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
  minWidth?: number;
}

/** One choice among a list's options, such as a state or a type. */
export function SelectFilter({
  label,
  value,
  options,
  onChange,
  minWidth = 160,
}: SelectFilterProps) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      sx={{ minWidth }}
    >
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
