import type { ComponentChildren } from 'preact';
import { useLayoutEffect, useRef, useState } from 'react';

/**
 * A menu button (the WAI-ARIA menu pattern): the button opens a panel below
 * it and focus moves to its first item (the last with ArrowUp); the arrow
 * keys, Home and End move between the items; Escape closes it and focus
 * returns to the button; Tab closes it and moves on. It also closes on an
 * outside click and when an item is chosen.
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
  const panel = useRef<HTMLDivElement>(null);
  // Which item takes focus as the panel opens.
  const start = useRef<'first' | 'last'>('first');
  const items = () => Array.from(panel.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

  // The items leave the page's Tab order (the arrow keys move between them)
  // and the first, or the last, takes focus.
  useLayoutEffect(() => {
    if (!open) return;
    const all = items();
    for (const item of all) item.tabIndex = -1;
    (start.current === 'last' ? all[all.length - 1] : all[0])?.focus();
  }, [open]);

  const move = (event: KeyboardEvent) => {
    // A field in the panel (the theme's select) keeps its own arrow keys.
    if (!(event.target as HTMLElement).matches('[role="menuitem"]')) return;
    const all = items();
    const at = all.indexOf(document.activeElement as HTMLElement);
    const to: Record<string, number> = {
      ArrowDown: (at + 1) % all.length,
      ArrowUp: (at - 1 + all.length) % all.length,
      Home: 0,
      End: all.length - 1,
    };
    if (!(event.key in to) || all.length === 0) return;
    event.preventDefault();
    all[to[event.key]].focus();
  };

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
        if (!open) return;
        if (event.key === 'Escape') {
          close();
          button.current?.focus();
        } else if (event.key === 'Tab') {
          close();
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
        onClick={() => {
          start.current = 'first';
          setOpen((was) => !was);
        }}
        onKeyDown={(event) => {
          if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
          event.preventDefault();
          start.current = event.key === 'ArrowUp' ? 'last' : 'first';
          setOpen(true);
        }}
      >
        {buttonContent ?? label}
      </button>
      {open && (
        <div ref={panel} class={`menu-panel ${align} ${up ? 'up' : ''}`} role="menu" aria-label={label} onKeyDown={move}>
          {children(close)}
        </div>
      )}
    </div>
  );
}
