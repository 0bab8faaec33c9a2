import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { matchRoute, Route, Switch, useRouter } from 'wouter-preact';
import { makeQueryClient } from './api/queries';
import { AuthProvider } from './auth/AuthContext';
import { Header } from './components/Header';
import { MobileBar } from './components/MobileBar';
import { Loading } from './components/QueryState';
import { RouteErrorBoundary } from './components/RouteErrorBoundary';
import { StandingCheck, SuspendedBanner, WarningBanner } from './components/SuspendedBanner';
import { useArrivalAtHash } from './lib/useArrivalAtHash';
import { useFocusOnNewPage } from './lib/useFocusOnNewPage';
import { routes } from './routes';
import { NotFound } from './pages/NotFound';
import { ThemeProvider } from './theme/ThemeContext';

/**
 * The path as the address bar holds it. The router's own location is decoded
 * with decodeURI, which cannot tell a typed '%2F' from '/', leaves '%3F' and
 * '%23' escaped and gives up on a whole path for one bad escape; the routes
 * match the raw path instead and each page decodes its parameters once
 * (lib/routeParam).
 */
function useRawPath(): string {
  const router = useRouter();
  return router.hook(router)[0];
}

/** Starts fetching the code of the screen `path` shows at once, beside the session check rather than after it. */
function usePreloadedScreen(path: string) {
  const router = useRouter();
  useEffect(() => {
    // A failure is the screen's own to report when it renders (lib/lazyComponent).
    routes.find((route) => matchRoute(router.parser, route.path, path)[0])?.preload?.().catch(() => {});
  }, [router, path]);
}

export function App() {
  const [queryClient] = useState(makeQueryClient);
  const rawPath = useRawPath();
  usePreloadedScreen(rawPath);
  useArrivalAtHash(rawPath);
  useFocusOnNewPage(rawPath);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <ThemeProvider>
          <div class="app">
            <Header />
            <StandingCheck path={rawPath} />
            <SuspendedBanner />
            <WarningBanner />
            <main class="page" id="main">
              <RouteErrorBoundary resetKey={rawPath}>
                {/* Shown while a screen that loads on demand arrives. */}
                <Suspense fallback={<Loading />}>
                  <Switch location={rawPath}>
                    {routes.map(({ path, screen: Screen }) => (
                      <Route key={String(path)} path={path} component={Screen} />
                    ))}
                    <Route component={NotFound} />
                  </Switch>
                </Suspense>
              </RouteErrorBoundary>
            </main>
            <MobileBar />
          </div>
        </ThemeProvider>
      </AuthProvider>
    </QueryClientProvider>
  );
}
