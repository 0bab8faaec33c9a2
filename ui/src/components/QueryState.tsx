import type { ComponentChildren } from 'preact';

/** `hidden`: said to screen readers only, where placeholders show the wait. */
export function Loading({ label = 'Loading…', hidden = false }: { label?: string; hidden?: boolean }) {
  return (
    <p class={hidden ? 'loading visually-hidden' : 'loading'} role="status" aria-live="polite">
      <span class="spinner" aria-hidden="true" />
      {label}
    </p>
  );
}

export function ErrorNote({ error, children }: { error: unknown; children?: ComponentChildren }) {
  const message = error instanceof Error ? error.message : 'Something went wrong.';
  return (
    <div class="error-note" role="alert">
      <p>{message}</p>
      {children}
    </div>
  );
}

export function Empty({ children }: { children: ComponentChildren }) {
  return <p class="empty">{children}</p>;
}
