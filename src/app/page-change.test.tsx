import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useOnPageLeave } from './page-change';

/** Counts the pages left; its buttons navigate as a link, a filter, a tab and Back do. */
function Page() {
  const navigate = useNavigate();
  const [left, setLeft] = useState(0);
  useOnPageLeave(() => setLeft((count) => count + 1));
  return (
    <>
      <output aria-label="pages left">{left}</output>
      <button onClick={() => void navigate('/servers')}>Servers</button>
      <button onClick={() => void navigate('/storage?label=env%3Dprod')}>Filter</button>
      <button onClick={() => void navigate('/storage?tab=backups', { replace: true })}>Tab</button>
      <button onClick={() => void navigate(-1)}>Back</button>
    </>
  );
}

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Page />
    </MemoryRouter>,
  );
  const user = userEvent.setup();
  return {
    press: (name: string) => user.click(screen.getByRole('button', { name })),
    left: () => screen.getByRole('status', { name: 'pages left' }).textContent,
  };
}

describe('useOnPageLeave', () => {
  it('tells once of each change of path: a link, and Back', async () => {
    const { press, left } = renderAt('/storage');
    expect(left()).toBe('0');
    await press('Servers');
    expect(left()).toBe('1');
    await press('Back');
    expect(left()).toBe('2');
  });

  it('says nothing of a change of the query alone, pushed, replaced or gone back from', async () => {
    const { press, left } = renderAt('/storage');
    await press('Filter');
    await press('Tab');
    await press('Back');
    expect(left()).toBe('0');
  });
});
