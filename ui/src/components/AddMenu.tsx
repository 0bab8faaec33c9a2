import { useState } from 'react';
import { useLocation } from 'wouter-preact';
import { useAuth } from '../auth/AuthContext';
import { LoginPrompt } from './LoginPrompt';
import { Menu } from './Menu';
import { Icon } from './icons';

const ADD_ITEMS = [
  ['Add Artist', '/add-artist'],
  ['Add Album', '/add-album'],
  ['Add Review', '/add-review'],
  ['Add Post', '/add-post'],
  ['Add List', '/add-list'],
] as const;

/** The 'Add' menu; signed out, every item asks to log in first. */
export function AddMenu({ compact = false }: { compact?: boolean }) {
  const { user } = useAuth();
  const [, navigate] = useLocation();
  const [prompt, setPrompt] = useState(false);
  return (
    <>
      <Menu
        label="Add"
        buttonContent={compact ? <Icon name="add" /> : undefined}
        buttonClass={compact ? 'bar-item' : 'nav-link nav-button'}
        up={compact}
        // Right-aligned in the bar too: opening rightwards from the middle of a 320px bar went off the screen.
        align="right"
      >
        {(close) =>
          ADD_ITEMS.map(([label, href]) => (
            <button
              key={href}
              type="button"
              role="menuitem"
              class="menu-item"
              onClick={() => {
                close();
                if (user) navigate(href);
                else setPrompt(true);
              }}
            >
              {label}
            </button>
          ))
        }
      </Menu>
      {prompt && <LoginPrompt reason="to add to the database." onClose={() => setPrompt(false)} />}
    </>
  );
}
