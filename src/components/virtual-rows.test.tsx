import { fireEvent, render, screen, within } from '@testing-library/react';
import { createColumnHelper } from '@tanstack/react-table';
import { describe, expect, it } from 'vitest';
import { DataTable } from './data-table';

interface Item {
  id: string;
  name: string;
}

const column = createColumnHelper<Item>();
const columns = [
  column.accessor('name', { header: 'Name' }),
  column.accessor('id', { header: 'Id' }),
];
const items = (count: number): Item[] =>
  Array.from({ length: count }, (_, index) => ({
    id: `item-${index + 1}`,
    name: `Item ${index + 1}`,
  }));

const renderTable = (count: number) =>
  render(
    <DataTable
      label="Items"
      columns={columns}
      data={items(count)}
      getRowId="id"
      rowHeaderColumn="name"
      virtual
    />,
  );

describe('a virtual table', () => {
  it('renders a window of 10,000 rows and the later rows as the box scrolls', () => {
    renderTable(10_000);
    const table = screen.getByRole('table', { name: 'Items' });
    // Screen readers hear the whole list: 10,000 rows and the header.
    expect(table).toHaveAttribute('aria-rowcount', '10001');
    const shown = () =>
      within(table)
        .queryAllByRole('rowheader')
        .map((cell) => cell.textContent);
    expect(shown()[0]).toBe('Item 1');
    expect(shown().length).toBeGreaterThan(10);
    expect(shown().length).toBeLessThan(100);
    expect(screen.queryByRole('rowheader', { name: 'Item 5000' })).not.toBeInTheDocument();

    const box = screen.getByRole('region', { name: 'Items, 10000 rows' });
    fireEvent.scroll(box, { target: { scrollTop: 5000 * 41 } });
    const later = screen.getByRole('rowheader', { name: 'Item 5000' });
    expect(later.closest('tr')).toHaveAttribute('aria-rowindex', '5001');
    expect(screen.queryByRole('rowheader', { name: 'Item 1' })).not.toBeInTheDocument();
    expect(shown().length).toBeLessThan(100);

    fireEvent.scroll(box, { target: { scrollTop: 10_000 * 41 } });
    expect(screen.getByRole('rowheader', { name: 'Item 10000' })).toBeInTheDocument();
  });

  it('renders a short list whole, as a plain table', () => {
    renderTable(20);
    const table = screen.getByRole('table', { name: 'Items' });
    expect(within(table).getAllByRole('rowheader')).toHaveLength(20);
    expect(table).not.toHaveAttribute('aria-rowcount');
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });
});
