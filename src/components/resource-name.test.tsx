import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ResourceName } from './resource-name';

const uuid = '03000000-0000-4000-8000-000000000001';

describe('ResourceName', () => {
  it('shows the UUID until the name is known, then the name with the UUID on hover', () => {
    const { rerender } = render(<ResourceName uuid={uuid} name={undefined} />);
    expect(screen.getByText(uuid)).toBeVisible();
    rerender(<ResourceName uuid={uuid} name="backend-net" />);
    expect(screen.getByText('backend-net')).toHaveAttribute('title', uuid);
    expect(screen.queryByText(uuid)).not.toBeInTheDocument();
  });

  it('copies the UUID', async () => {
    const user = userEvent.setup();
    render(<ResourceName uuid={uuid} name="backend-net" />);
    await user.click(screen.getByRole('button', { name: `Copy the UUID ${uuid}` }));
    expect(await navigator.clipboard.readText()).toBe(uuid);
  });
});
