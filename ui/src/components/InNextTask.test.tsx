import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render } from '@testing-library/preact';
import { InNextTask } from './InNextTask';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('a part shown in the next task', () => {
  it('is built a task after the page around it, without being scrolled to', () => {
    vi.useFakeTimers();
    const view = render(
      <main>
        <h1>Top</h1>
        <InNextTask>
          <p>Below</p>
        </InNextTask>
      </main>,
    );
    expect(view.getByRole('heading', { name: 'Top' })).toBeTruthy();
    expect(view.queryByText('Below')).toBeNull();
    act(() => vi.runAllTimers());
    expect(view.getByText('Below')).toBeTruthy();
  });

  it('asks nothing of a page left before its turn', () => {
    vi.useFakeTimers();
    const view = render(
      <InNextTask>
        <p>Below</p>
      </InNextTask>,
    );
    view.unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
