import { Link } from 'wouter-preact';
import { GoBack } from '../components/GoBack';
import { routeParam } from '../lib/routeParam';
import { useDocumentTitle } from '../lib/useDocumentTitle';

/** Quotes the name exactly as the member typed it. */
export function ArtistNotFound({ params }: { params: { artistName?: string } }) {
  const name = routeParam(params.artistName);
  useDocumentTitle(`No artist called ${name}`);
  return (
    <section class="not-found" data-screen="artist-not-found">
      <h1>404</h1>
      <p>Couldn't find artist called {name}</p>
      <GoBack />
      {' · '}
      <Link href="/">Go Home</Link>
    </section>
  );
}
