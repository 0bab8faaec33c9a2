import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render } from '@testing-library/preact';
import { Dialog } from './Dialog';

afterEach(cleanup);

describe('Dialog', () => {
  it('takes focus as it opens and closes on Escape, wherever focus is', () => {
    const onClose = vi.fn();
    const view = render(
      <>
        <button type="button">Behind</button>
        <Dialog title="Log In" onClose={onClose}>
          <a href="/login">Log in</a>
        </Dialog>
      </>,
    );
    expect(document.activeElement?.closest('[role="dialog"]')).not.toBeNull();
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);

    // Focus moved to the page behind: Escape still closes, once.
    (view.getByText('Behind') as HTMLButtonElement).focus();
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
