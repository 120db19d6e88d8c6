import type { CellContext } from '@tanstack/react-table';
import Link from '@mui/material/Link';
import { RouterLink } from './router-link';

/** A table cell that shows the row's name and links it to the row's page. */
export const linkCell =
  <Row,>(to: (row: Row) => string) =>
  ({ row, getValue }: CellContext<Row, string>) => (
    <Link component={RouterLink} to={to(row.original)}>
      {getValue()}
    </Link>
  );
