import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RemainingAllowance } from './remaining-allowance';

describe('remaining allowance (issue 19 item 10)', () => {
  it('shows each limit less its use, in the limit’s unit; unlimited resources are left out', () => {
    render(
      <RemainingAllowance
        resources={['cores', 'memory', 'storage_total', 'public_ipv4']}
        limits={{ cores: 200, memory: 1_048_576, storage_total: 100, public_ipv4: null }}
        usage={{ cores: 8, memory: 16_384 }}
      />,
    );
    const note = screen.getByRole('note', { name: 'Remaining allowance' });
    expect(note).toHaveTextContent(
      'Remaining allowance: CPU cores 192 of 200 · Memory 1,008 GiB of 1 TiB · Storage in total — of 100 GiB',
    );
    expect(note).not.toHaveTextContent('IPv4');
  });

  it('shows nothing until both the limits and the use have loaded', () => {
    const { container } = render(
      <RemainingAllowance resources={['cores']} limits={{ cores: 2 }} usage={undefined} />,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
