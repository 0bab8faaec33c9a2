import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render } from '@testing-library/preact';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AuthProvider } from '../auth/AuthContext';
import { fakeServer, vera } from '../test/fakeServer';
import { VoteBar } from './VoteBar';

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderBar() {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <AuthProvider>
        <VoteBar
          target={{ reviewId: 7 }}
          initial={{ userVote: null, votesUp: 1, votesDown: 0 }}
          authorId={99}
          noun="review"
        />
      </AuthProvider>
    </QueryClientProvider>,
  );
}

describe('voting', () => {
  it('says when the member votes too fast, and nothing else of a failure', async () => {
    localStorage.setItem('halfstar.token', 't');
    fakeServer({
      'GET /api/auth/me': [200, vera],
      'POST /api/reviewvote': [429, { message: 'You are voting too fast; try again in 12 seconds' }],
    });
    const view = renderBar();
    fireEvent.click(await view.findByRole('button', { name: 'Thumbs up' }));
    expect((await view.findByRole('alert')).textContent).toBe('You are voting too fast; try again in 12 seconds');
    expect(view.getByRole('button', { name: 'Thumbs up' }).getAttribute('aria-pressed')).toBe('false');

    fakeServer({ 'GET /api/auth/me': [200, vera], 'POST /api/reviewvote': [500, { message: 'Internal server error' }] });
    fireEvent.click(view.getByRole('button', { name: 'Thumbs up' }));
    await vi.waitFor(() => expect(view.queryByRole('alert')).toBeNull());
  });
});
