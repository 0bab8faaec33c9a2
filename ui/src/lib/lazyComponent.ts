import { createElement, type ComponentType } from 'preact';
import { lazy } from 'react';

/** Set while a page reloads to fetch a release's new bundles, so a missing chunk reloads once, not forever. */
const RELOADED_FOR_CHUNK = 'halfstar.reloaded-for-chunk';

/** A component whose code loads on demand, and can be asked for before it is shown. */
export type LazyComponent<C> = C & {
  /** Fetches the code now; once it has arrived the component shows at once, without suspending. */
  preload: () => Promise<unknown>;
};

/**
 * A screen or part whose code loads the first time it is shown (or preloaded),
 * so the first page a visitor opens carries only its own code.
 * A tab opened before an upgrade asks for bundles the server no longer has:
 * it reloads once to get the new ones, and only then shows the error.
 */
export function lazyComponent<Module, Name extends keyof Module>(
  load: () => Promise<Module>,
  name: Name,
): LazyComponent<Module[Name] & ComponentType<never>> {
  let loaded: ComponentType<never> | undefined;
  let loading: Promise<ComponentType<never>> | undefined;
  const fetchCode = () => {
    loading ??= load().then((module) => {
      sessionStorage.removeItem(RELOADED_FOR_CHUNK);
      loaded = module[name] as ComponentType<never>;
      return loaded;
    });
    return loading;
  };
  const Suspending = lazy(() =>
    fetchCode().then(
      (component) => ({ default: component }),
      (error: unknown) => {
        if (!sessionStorage.getItem(RELOADED_FOR_CHUNK)) {
          sessionStorage.setItem(RELOADED_FOR_CHUNK, '1');
          window.location.reload();
          return new Promise<never>(() => {});
        }
        throw error;
      },
    ),
  );
  function Loaded(props: Record<string, unknown>) {
    return createElement((loaded ?? Suspending) as ComponentType<Record<string, unknown>>, props);
  }
  Loaded.preload = fetchCode;
  return Loaded as unknown as LazyComponent<Module[Name] & ComponentType<never>>;
}
