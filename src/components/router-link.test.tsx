import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RouterLink } from './router-link';

function Shown() {
  const { pathname, search } = useLocation();
  return <output aria-label="page">{pathname + search}</output>;
}

function links(at: string) {
  return render(
    <MemoryRouter initialEntries={[at]}>
      <Link component={RouterLink} to="/storage?label=env" current="path">
        Storage
      </Link>
      <Link component={RouterLink} to="/" current="exact">
        Dashboard
      </Link>
      <Button component={RouterLink} to="/servers/new">
        Create server
      </Button>
      <Shown />
    </MemoryRouter>,
  );
}

describe('RouterLink', () => {
  it('navigates in the panel on a click, as a link and as a button', async () => {
    const user = userEvent.setup();
    links('/');
    const storage = screen.getByRole('link', { name: 'Storage' });
    expect(storage).toHaveAttribute('href', '/storage?label=env');
    await user.click(storage);
    expect(screen.getByRole('status', { name: 'page' })).toHaveTextContent('/storage?label=env');
    const create = screen.getByRole('link', { name: 'Create server' });
    expect(create).toHaveAttribute('href', '/servers/new');
    await user.click(create);
    expect(screen.getByRole('status', { name: 'page' })).toHaveTextContent('/servers/new');
  });

  it('leaves a click that opens a new tab to the browser', () => {
    links('/');
    // Read after the panel's handlers, then stopped: jsdom cannot open the tab the browser would.
    let leftToBrowser: boolean | undefined;
    const read = (event: MouseEvent) => {
      leftToBrowser = !event.defaultPrevented;
      event.preventDefault();
    };
    window.addEventListener('click', read);
    fireEvent.click(screen.getByRole('link', { name: 'Storage' }), { ctrlKey: true });
    window.removeEventListener('click', read);
    expect(leftToBrowser).toBe(true);
    expect(screen.getByRole('status', { name: 'page' })).toHaveTextContent(/^\/$/);
  });

  it('marks the current page: a section on its pages below, the dashboard only on itself', () => {
    links('/storage/0100/backups');
    expect(screen.getByRole('link', { name: 'Storage' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Storage' })).toHaveClass('active');
    expect(screen.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'Create server' })).not.toHaveAttribute('aria-current');
  });

  it('does not take a path that only starts with the same letters for the current one', () => {
    links('/storages');
    expect(screen.getByRole('link', { name: 'Storage' })).not.toHaveAttribute('aria-current');
  });

  it('marks the dashboard on the dashboard', () => {
    links('/');
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Storage' })).not.toHaveAttribute('aria-current');
  });
});
