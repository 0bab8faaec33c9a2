import { Route, Switch } from 'wouter-preact';
import { AuthProvider } from './auth/AuthContext';
import { Header } from './components/Header';
import { routes } from './routes';
import { NotFound } from './pages/NotFound';

export function App() {
  return (
    <AuthProvider>
      <div class="app">
        <Header />
        <main class="page">
          <Switch>
            {routes.map(({ path, screen: Screen }) => (
              <Route key={path} path={path} component={Screen} />
            ))}
            <Route component={NotFound} />
          </Switch>
        </main>
      </div>
    </AuthProvider>
  );
}
