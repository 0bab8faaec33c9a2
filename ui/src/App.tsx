import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { Route, Switch } from 'wouter-preact';
import { makeQueryClient } from './api/queries';
import { AuthProvider } from './auth/AuthContext';
import { Header } from './components/Header';
import { MobileBar } from './components/MobileBar';
import { routes } from './routes';
import { NotFound } from './pages/NotFound';
import { ThemeProvider } from './theme/ThemeContext';

export function App() {
  const [queryClient] = useState(makeQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <ThemeProvider>
          <div class="app">
            <Header />
            <main class="page" id="main">
              <Switch>
                {routes.map(({ path, screen: Screen }) => (
                  <Route key={path} path={path} component={Screen} />
                ))}
                <Route component={NotFound} />
              </Switch>
            </main>
            <MobileBar />
          </div>
        </ThemeProvider>
      </AuthProvider>
    </QueryClientProvider>
  );
}
