import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { RouterLink } from './router-link';

/**
 * The box of a name one list lends another's rows: one line, as wide whatever it holds (UUID or
 * name, short or long), so that the name coming later changes neither the row's height nor the
 * columns' widths (e2e/network-lists-layout.spec.ts). A longer text ends in an ellipsis; the link
 * (its accessible name) and the `title` keep the whole of it, the title with the UUID under it.
 * Narrower from `md` to `xl`: a desktop with the navigation beside the page has the least room
 * there, and at 1280 px the IP address table's actions went past its edge with 9rem.
 */
const reservedLine = {
  display: 'block',
  width: { xs: '9rem', md: '6rem', xl: '12rem' },
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
} as const;

type Breakpoint = 'xs' | 'sm' | 'md' | 'lg' | 'xl';

/**
 * `width` for a name on a line of the page's width (a list of its own), where the table cell's
 * box cut most names short: the phone's whole line, else 16rem. Not where the name's box sizes
 * its container (a description list's column): there a share of the line follows the text, and
 * the name coming moves what is beside it: `factWidth` there.
 */
export const lineWidth = { xs: '100%', sm: '16rem' } as const;

/**
 * `width` for a name that is a fact of a detail page (a description list's value): as wide as
 * `lineWidth` from `sm`, but fixed on a phone, where the UUID shown until the name comes would
 * widen the values' column, and the name's arrival would move every fact.
 */
export const factWidth = { xs: '9rem', sm: lineWidth.sm } as const;

interface ReservedNameProps {
  uuid: string;
  /** Undefined until the list that names the resource answers (or when none does): the UUID shows. */
  name: string | undefined;
  /** The resource's page, when it has one the user may open. */
  to?: string;
  /** The box's width where the row has more room than a table cell (a list of its own). */
  width?: string | Partial<Record<Breakpoint, string>>;
}

/** A resource named by another list, in a box of its own size: see `reservedLine`. */
export function ReservedName({ uuid, name, to, width }: ReservedNameProps) {
  const text = name ?? uuid;
  const title = name === undefined ? uuid : `${name}\n${uuid}`;
  const sx = width === undefined ? reservedLine : { ...reservedLine, width };
  return to ? (
    <Link component={RouterLink} to={to} title={title} sx={sx}>
      {text}
    </Link>
  ) : (
    <Box component="span" title={title} sx={sx}>
      {text}
    </Box>
  );
}
