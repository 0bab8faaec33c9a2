import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render } from '@testing-library/preact';
import { InNextTask } from './InNextTask';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const page = () => (
  <main>
    <h1>Top</h1>
    <InNextTask>
      <p>Below</p>
    </InNextTask>
  </main>
);

// In this order: the first page built is remembered for the rest of the file.
describe('a part shown in the next task', () => {
  it('asks nothing of a first page left before its turn', () => {
    vi.useFakeTimers();
    render(page()).unmount();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('on the first page, is built a task after the page around it, without being scrolled to', () => {
    vi.useFakeTimers();
    const view = render(page());
    expect(view.getByRole('heading', { name: 'Top' })).toBeTruthy();
    expect(view.queryByText('Below')).toBeNull();
    act(() => {
      vi.runAllTimers();
    });
    expect(view.getByText('Below')).toBeTruthy();
  });

  it('on a page opened later within the site, is there at once (going back keeps its place)', () => {
    const view = render(page());
    expect(view.getByText('Below')).toBeTruthy();
  });
});
