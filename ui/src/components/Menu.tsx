import type { ComponentChildren } from 'preact';
import { useLayoutEffect, useRef, useState } from 'react';

/**
 * A button that opens a panel below it. The panel closes on an outside
 * click, on Escape (focus returns to the button) and when an item is chosen.
 */
export function Menu({
  label,
  buttonContent,
  buttonClass = 'nav-link nav-button',
  align = 'right',
  up = false,
  children,
}: {
  label: string;
  buttonContent?: ComponentChildren;
  buttonClass?: string;
  align?: 'left' | 'right';
  up?: boolean;
  children: (close: () => void) => ComponentChildren;
}) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  // Listening from the moment the panel is shown (a layout effect runs as it
  // is put on the page; a plain effect a frame later), so that a click right
  // after opening still closes it.
  useLayoutEffect(() => {
    if (!open) return;
    const outside = (event: Event) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', outside);
    document.addEventListener('touchstart', outside);
    return () => {
      document.removeEventListener('mousedown', outside);
      document.removeEventListener('touchstart', outside);
    };
  }, [open]);

  const close = () => setOpen(false);
  return (
    <div
      class="menu"
      ref={root}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          close();
          button.current?.focus();
        }
      }}
    >
      <button
        ref={button}
        type="button"
        class={buttonClass}
        aria-haspopup="true"
        aria-expanded={open}
        aria-label={buttonContent ? label : undefined}
        onClick={() => setOpen((was) => !was)}
      >
        {buttonContent ?? label}
      </button>
      {open && (
        <div class={`menu-panel ${align} ${up ? 'up' : ''}`} role="menu" aria-label={label}>
          {children(close)}
        </div>
      )}
    </div>
  );
}
