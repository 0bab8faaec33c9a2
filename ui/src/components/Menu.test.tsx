import { cleanup, fireEvent, render } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { Menu } from './Menu';

function Settings() {
  return (
    <>
      <Menu label="Settings">
        {(close) => (
          <>
            <a href="/settings/account" role="menuitem" onClick={close}>
              Account
            </a>
            <a href="/settings/import" role="menuitem" onClick={close}>
              Import my data
            </a>
            <button type="button" role="menuitem" onClick={close}>
              Log out
            </button>
          </>
        )}
      </Menu>
      <a href="/after">After the menu</a>
    </>
  );
}

afterEach(cleanup);

describe('a menu follows the menu pattern', () => {
  it('opens on its first item, moves with the arrow keys, Home and End, and wraps', () => {
    const view = render(<Settings />);
    fireEvent.click(view.getByRole('button', { name: 'Settings' }));
    const item = (name: string) => view.getByRole('menuitem', { name });
    expect(document.activeElement).toBe(item('Account'));
    expect(item('Account').tabIndex).toBe(-1);
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(item('Import my data'));
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(document.activeElement).toBe(item('Log out'));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(item('Account'));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(item('Log out'));
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    expect(document.activeElement).toBe(item('Account'));
  });

  it('opens on its last item with ArrowUp, and Escape closes it back onto the button', () => {
    const view = render(<Settings />);
    const button = view.getByRole('button', { name: 'Settings' });
    fireEvent.keyDown(button, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(view.getByRole('menuitem', { name: 'Log out' }));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(view.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('closes on Tab', () => {
    const view = render(<Settings />);
    fireEvent.click(view.getByRole('button', { name: 'Settings' }));
    fireEvent.keyDown(document.activeElement!, { key: 'Tab' });
    expect(view.queryByRole('menu')).toBeNull();
  });
});
