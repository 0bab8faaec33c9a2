import { Link } from 'wouter-preact';
import type { SharedAlbum } from '../../api/social';
import { useCompatibility } from '../../api/socialQueries';
import { useAuth } from '../../auth/AuthContext';
import { albumPath } from '../../components/AlbumTile';
import { Cover } from '../../components/Cover';
import { ErrorNote, Loading } from '../../components/QueryState';
import './social.css';
import { plural } from '../../lib/words';

function SharedList({ title, albums, username }: { title: string; albums: SharedAlbum[]; username: string }) {
  if (albums.length === 0) return null;
  return (
    <div class="compat-list">
      <h3>{title}</h3>
      <ul aria-label={title}>
        {albums.map(({ album, yours, theirs }) => (
          <li key={album.albumId}>
            <Link href={albumPath(album)} class="compat-album">
              <Cover src={album.pictureUrl} name={album.title} alt="" sizes="36px" />
              <span>
                <span class="compat-title">{album.title}</span>
                <span class="muted"> by {album.artist}</span>
              </span>
            </Link>
            <span class="compat-ratings">
              You {yours.toFixed(1)} · {username} {theirs.toFixed(1)}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** How alike the viewer's and this member's ratings are; for another signed-in member only. */
export function CompatibilityPanel({ username }: { username: string }) {
  const { user } = useAuth();
  const other = user != null && user.username.toLowerCase() !== username.toLowerCase();
  const compat = useCompatibility(username, other);
  if (!other) return null;
  return (
    <section class="compat-panel" aria-labelledby="compat-heading">
      <h2 id="compat-heading">Taste compatibility</h2>
      {compat.isPending ? (
        <Loading label="Comparing your ratings…" />
      ) : compat.isError ? (
        <ErrorNote error={compat.error} />
      ) : (
        <>
          <div class="compat-summary">
            {compat.data.score != null && (
              <span class="compat-score" role="img" aria-label={`${compat.data.score} out of 100`}>
                {compat.data.score}
                <small>/100</small>
              </span>
            )}
            <div>
              <p>{compat.data.message}</p>
              <p class="muted">
                {plural(compat.data.sharedAlbums, 'album')} rated by you both
              </p>
            </div>
          </div>
          {compat.data.score != null && (
            <div class="compat-lists">
              <SharedList title="You agree on" albums={compat.data.agree} username={username} />
              <SharedList title="You disagree on" albums={compat.data.disagree} username={username} />
            </div>
          )}
        </>
      )}
    </section>
  );
}
