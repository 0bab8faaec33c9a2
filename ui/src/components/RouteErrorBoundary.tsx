import { Component, type ComponentChildren } from 'preact';
import { Link } from 'wouter-preact';
import { GoBack } from './GoBack';

interface Props {
  /** The route's address: the boundary starts afresh when it changes. */
  resetKey: string;
  children: ComponentChildren;
}

interface State {
  error: unknown;
  shownFor: string;
}

/**
 * Wraps the routes so that a page that throws shows a friendly message with a
 * way back instead of a blank page; moving to another address tries again.
 */
export class RouteErrorBoundary extends Component<Props, State> {
  state: State = { error: null, shownFor: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error('unknown error') };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.shownFor ? null : { error: null, shownFor: props.resetKey };
  }

  componentDidCatch(error: unknown) {
    // A page that throws is a bug: say so where developers and tests look.
    console.error('A page failed to show:', error);
  }

  render() {
    if (!this.state.error) return this.props.children;
    return (
      <section class="not-found" data-screen="error" role="alert">
        <h1>Sorry</h1>
        <p>Something went wrong while showing this page.</p>
        <p>
          <Link href="/">Go Home</Link>
          {' · '}
          <GoBack />
        </p>
      </section>
    );
  }
}
