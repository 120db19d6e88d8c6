import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ReservedName } from './reserved-name';

const uuid = '03000000-0000-4000-8000-000000000001';
const name = 'a network whose name is longer than its box';

describe('ReservedName', () => {
  it('links the UUID until the name comes, then the name, whole in the link and on hover', () => {
    const { rerender } = render(
      <MemoryRouter>
        <ReservedName uuid={uuid} name={undefined} to="/networks/x" />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: uuid })).toHaveAttribute('title', uuid);
    rerender(
      <MemoryRouter>
        <ReservedName uuid={uuid} name={name} to="/networks/x" />
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name });
    expect(link).toHaveAttribute('href', '/networks/x');
    expect(link).toHaveAttribute('title', `${name}\n${uuid}`);
    expect(screen.queryByText(uuid)).not.toBeInTheDocument();
  });

  it('without a page, names the resource as text', () => {
    render(<ReservedName uuid={uuid} name={name} />);
    expect(screen.getByText(name)).toHaveAttribute('title', `${name}\n${uuid}`);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
