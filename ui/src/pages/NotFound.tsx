import { Link } from 'wouter-preact';
import { useDocumentTitle } from '../lib/useDocumentTitle';

export function NotFound() {
  useDocumentTitle('Page not found');
  return (
    <section class="not-found" data-screen="not-found">
      <h1>404</h1>
      <p>There is no page at this address.</p>
      <Link href="/">Go Home</Link>
    </section>
  );
}
