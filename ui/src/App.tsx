import { Route, Switch } from 'wouter-preact';
import { Header } from './components/Header';
import { routes } from './routes';
import { NotFound } from './pages/NotFound';

export function App() {
  return (
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
  );
}
