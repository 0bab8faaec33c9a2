import { render } from '@testing-library/preact';
import { Router } from 'wouter-preact';
import { memoryLocation } from 'wouter-preact/memory-location';
import { beforeAll } from 'vitest';
import { App } from '../App';
import { routes } from '../routes';

// In the browser every screen's code arrives while the session is checked;
// here it is all in at the start, so screens show on their first render.
beforeAll(() => Promise.all(routes.map((route) => route.preload?.())));

/** The whole app at a path, with a recorded in-memory location. */
export function renderAt(path: string) {
  const location = memoryLocation({ path, record: true });
  const view = render(
    <Router hook={location.hook}>
      <App />
    </Router>,
  );
  return { ...view, location };
}
