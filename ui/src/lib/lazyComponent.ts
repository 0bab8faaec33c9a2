import { lazy } from 'react';
import type { ComponentType } from 'preact';

/** Set while a page reloads to fetch a release's new bundles, so a missing chunk reloads once, not forever. */
const RELOADED_FOR_CHUNK = 'halfstar.reloaded-for-chunk';

/**
 * A screen or part whose code loads the first time it is shown, so that the first
 * page a visitor opens does not carry the admin, import or settings screens.
 * A tab opened before an upgrade asks for bundles the server no longer has:
 * it reloads once to get the new ones, and only then shows the error.
 */
export function lazyComponent<Module, Name extends keyof Module>(
  load: () => Promise<Module>,
  name: Name,
): Module[Name] & ComponentType<never> {
  return lazy(() =>
    load().then(
      (module) => {
        sessionStorage.removeItem(RELOADED_FOR_CHUNK);
        return { default: module[name] as ComponentType<never> };
      },
      (error: unknown) => {
        if (!sessionStorage.getItem(RELOADED_FOR_CHUNK)) {
          sessionStorage.setItem(RELOADED_FOR_CHUNK, '1');
          window.location.reload();
          return new Promise<never>(() => {});
        }
        throw error;
      },
    ),
  ) as unknown as Module[Name] & ComponentType<never>;
}
