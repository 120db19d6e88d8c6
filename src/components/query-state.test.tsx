import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/http';
import { EmptyState, ErrorState, LoadingState } from './query-state';

describe('query states', () => {
  it('ErrorState shows what failed, the API message and its code, and offers a retry', async () => {
    const retry = vi.fn();
    render(
      <ErrorState
        error={new ApiError(500, 'INTERNAL_ERROR', 'Something went wrong on our side.')}
        title="The token could not be loaded"
        onRetry={retry}
      />,
    );

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The token could not be loaded');
    expect(alert).toHaveTextContent('Something went wrong on our side.');
    expect(alert).toHaveTextContent('(INTERNAL_ERROR)');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalledOnce();
  });

  it.each([
    [0, 'NETWORK_ERROR'],
    [429, 'TOO_MANY_REQUESTS'],
    [503, 'SERVICE_UNAVAILABLE'],
  ])('ErrorState offers a retry after a %i answer, which may change', async (status, code) => {
    render(
      <ErrorState
        error={new ApiError(status, code, 'Try again.')}
        title="The token could not be loaded"
        onRetry={() => undefined}
      />,
    );
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeVisible();
  });

  it.each([
    [404, 'TOKEN_NOT_FOUND', 'The token 0c12 does not exist.'],
    [403, 'NETWORK_FORBIDDEN', 'The network belongs to another account.'],
    [400, 'BAD_REQUEST', 'created_after is after created_before.'],
  ])(
    'ErrorState offers no retry after a %i answer, which asking again cannot change',
    async (status, code, message) => {
      render(
        <ErrorState
          error={new ApiError(status, code, message)}
          title="The token could not be loaded"
          onRetry={() => undefined}
        />,
      );
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(message);
      expect(alert).toHaveTextContent(`(${code})`);
      expect(within(alert).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    },
  );

  it('ErrorState lists the fields an answer got wrong, so a user can report them', () => {
    render(
      <ErrorState
        error={
          new ApiError(200, 'RESPONSE_INVALID', 'The API answered GET /x with data…', undefined, [
            'server.host: Invalid input (got nothing)',
          ])
        }
        title="The server could not be loaded"
        onRetry={() => undefined}
      />,
    );
    const alert = screen.getByRole('alert');
    expect(within(alert).getByRole('listitem')).toHaveTextContent(
      'server.host: Invalid input (got nothing)',
    );
  });

  it('LoadingState is a named, busy progress indicator', () => {
    render(<LoadingState label="Loading zones" />);
    const progress = screen.getByRole('progressbar', { name: 'Loading zones' });
    expect(progress.parentElement).toHaveAttribute('aria-busy', 'true');
  });

  it('EmptyState says what is missing and offers the next step', () => {
    render(<EmptyState title="No API tokens yet." action={<button>Create token</button>} />);
    expect(screen.getByText('No API tokens yet.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Create token' })).toBeVisible();
  });
});
