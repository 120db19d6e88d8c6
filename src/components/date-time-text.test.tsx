import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DateTimeText } from './date-time-text';

describe('date and time text (issue 24 item 14)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reads a past moment stamped ahead of the browser as just now, and moves on every 30 s', () => {
    vi.useFakeTimers({ now: new Date('2026-03-01T12:00:00Z') });
    const { container } = render(
      <>
        <DateTimeText iso="2026-03-01T12:00:07Z" past />
        <DateTimeText iso="2026-03-01T13:00:00Z" />
      </>,
    );
    const [created, expires] = container.querySelectorAll('time');
    expect(created).toHaveTextContent(/^just now/);
    expect(expires).toHaveTextContent(/^in 1 hour/);

    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(created).toHaveTextContent(/^53 seconds ago/);
    expect(expires).toHaveTextContent(/^in 59 minutes/);
  });
});
