import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter-preact';
import { likeTasteLine, recommendationsApi, useDismissed, useForYou } from '../../api/recommendations';
import type { Album } from '../../api/types';
import { refreshAfterWrite } from '../../api/viewerCache';
import { Empty, ErrorNote, Loading } from '../../components/QueryState';
import { AlbumTile, albumPath } from '../../components/AlbumTile';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { useAuth } from '../../auth/AuthContext';
import { LoginInvitation } from '../../components/LoginPrompt';
import './discover.css';

/** The albums the member dismissed, each to be recommended again. */
function DismissedAlbums({ onChange }: { onChange: () => void }) {
  const dismissed = useDismissed(true);
  const [error, setError] = useState<unknown>(null);
  if (dismissed.isPending) return <Loading label="Loading dismissed albums…" />;
  if (dismissed.isError) return <ErrorNote error={dismissed.error} />;
  if (dismissed.data.length === 0) return <Empty>You have not dismissed any album.</Empty>;
  const again = async (albumId: number) => {
    setError(null);
    try {
      await recommendationsApi.undismiss(albumId);
      onChange();
    } catch (failure) {
      setError(failure);
    }
  };
  return (
    <>
      <ul class="dismissed-albums">
        {dismissed.data.map(({ album }) => (
          <li key={album.albumId}>
            <span>
              {album.title} <span class="album-muted">by {album.artist}</span>
            </span>
            <button type="button" class="link-button" onClick={() => void again(album.albumId)}>
              Recommend again
            </button>
          </li>
        ))}
      </ul>
      {error != null && <ErrorNote error={error} />}
    </>
  );
}

/**
 * "For you": albums loved by the members whose taste is most like the
 * member's, without what they rated, wishlisted or dismissed. The server
 * works them out in the background; the first time, this asks again until
 * they are ready.
 */
export function ForYouList() {
  const client = useQueryClient();
  const forYou = useForYou();
  const [dismissedAlbum, setDismissedAlbum] = useState<Album | null>(null);
  const [showDismissed, setShowDismissed] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [pending, setPending] = useState<number | null>(null);
  const changed = () => void refreshAfterWrite(client);

  if (forYou.isPending) return <Loading label="Loading recommendations…" />;
  if (forYou.isError) return <ErrorNote error={forYou.error} />;
  const { state, albums, neighbours } = forYou.data;
  if (state === 'off') {
    return (
      <Empty>
        Recommendations are off. Turn them on under Community in your <Link href="/settings/account">settings</Link>.
      </Empty>
    );
  }
  if (state === 'working') return <Loading label="Working out your recommendations…" />;

  const dismiss = async (album: Album) => {
    setPending(album.albumId);
    setError(null);
    try {
      await recommendationsApi.dismiss(album.albumId);
      setDismissedAlbum(album);
      changed();
    } catch (failure) {
      setError(failure);
    } finally {
      setPending(null);
    }
  };
  const undo = async (album: Album) => {
    setError(null);
    try {
      await recommendationsApi.undismiss(album.albumId);
      setDismissedAlbum(null);
      changed();
    } catch (failure) {
      setError(failure);
    }
  };

  return (
    <div class="for-you">
      {albums.length === 0 ? (
        <Empty>
          {neighbours === 0
            ? 'Rate more albums, and albums other members rated too: recommendations come from the members whose ratings agree with yours on at least five albums, and from the albums like those you rated 8 or more.'
            : 'Nothing new to recommend: you have rated or set aside everything your closest matches loved.'}
        </Empty>
      ) : (
        <>
          <p class="album-muted">
            {neighbours === 0
              ? 'Like the albums you loved lately.'
              : `Loved by the ${neighbours === 1 ? 'member' : `${neighbours} members`} whose ratings agree most with yours, and like the albums you loved.`}
          </p>
          <ol class="album-grid">
            {albums.map(({ album, members, like }) => (
              <li key={album.albumId}>
                <AlbumTile
                  album={album}
                  compact
                  action={{ label: 'Not for me', run: () => void dismiss(album), pending: pending === album.albumId }}
                />
                <span class="album-muted">
                  {members > 0 ? (
                    likeTasteLine(members)
                  ) : like ? (
                    <>
                      Like <Link href={albumPath(like)}>{like.title}</Link>, which you loved
                    </>
                  ) : null}
                </span>
              </li>
            ))}
          </ol>
        </>
      )}
      <p aria-live="polite" class="for-you-notice">
        {dismissedAlbum && (
          <>
            {dismissedAlbum.title} will not be recommended again.{' '}
            <button type="button" class="link-button" onClick={() => void undo(dismissedAlbum)}>
              Undo
            </button>
          </>
        )}
      </p>
      {error != null && <ErrorNote error={error} />}
      <details class="for-you-dismissed" onToggle={(event) => setShowDismissed((event.target as HTMLDetailsElement).open)}>
        <summary>Albums you dismissed</summary>
        {showDismissed && <DismissedAlbums onChange={changed} />}
      </details>
    </div>
  );
}

/** /for-you: the member's recommendations on a page of their own. */
export function ForYouPage() {
  useDocumentTitle('For you');
  const { user } = useAuth();
  return (
    <section class="for-you-page" data-screen="for-you">
      <h1>For you</h1>
      {user ? <ForYouList /> : <LoginInvitation reason="to see albums recommended for you." />}
    </section>
  );
}
