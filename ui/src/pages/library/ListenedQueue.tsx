import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter-preact';
import { useRate } from '../../api/mutations';
import { ratingImportsApi } from '../../api/ratingImports';
import { useListened } from '../../api/ratingImportQueries';
import type { ListenedAlbum } from '../../api/types';
import { albumPath } from '../../components/AlbumTile';
import { FormMessage } from '../../components/AuthCard';
import { Cover } from '../../components/Cover';
import { HalfStarRating } from '../../components/HalfStarRating';
import { LogListenButton } from '../../components/LogListen';
import { ErrorNote } from '../../components/QueryState';
import { ShowMore } from '../../components/ShowMore';
import { artistPath } from '../../lib/paths';
import { plural } from '../../lib/words';
import '../import/import.css';

/**
 * "Listened, not yet rated": albums the member's scrobbles (Last.fm,
 * ListenBrainz) say they played, most played first, each with a quick rating
 * and "Not interested". A rated album leaves the queue; the section is not
 * shown while the queue is empty.
 */
export function ListenedQueue() {
  const list = useListened();
  const section = useRef<HTMLElement>(null);
  const hasItems = list.items.length > 0;
  // The import's "Rate what you listened to" link brings the member here.
  useEffect(() => {
    if (hasItems && window.location.hash === '#listened') section.current?.scrollIntoView({ block: 'start' });
  }, [hasItems]);

  if (list.isError) return <ErrorNote error={list.error} />;
  if (!hasItems) return null;
  return (
    <section ref={section} id="listened" class="listened-queue" aria-labelledby="listened-heading">
      <h2 id="listened-heading">Listened, not yet rated</h2>
      <p>
        {plural(list.total, 'album')} you played elsewhere, most played first. Rate one and it leaves the queue.
      </p>
      <ul class="listened-list">
        {list.items.map((entry) => (
          <ListenedItem key={entry.album.albumId} entry={entry} />
        ))}
      </ul>
      <ShowMore list={list} total={list.total} />
    </section>
  );
}

function ListenedItem({ entry }: { entry: ListenedAlbum }) {
  const { album, plays } = entry;
  const client = useQueryClient();
  const rate = useRate();
  const [removing, setRemoving] = useState(false);
  const [error, setError] = useState('');
  const notInterested = async () => {
    setRemoving(true);
    setError('');
    try {
      await ratingImportsApi.notInterested(album.albumId);
      await client.invalidateQueries({ queryKey: ['listened'] });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      setRemoving(false);
    }
  };
  const busy = rate.isPending || removing;
  return (
    <li class="listened-item" aria-label={`${album.title} by ${album.artist}`}>
      <Link href={albumPath(album)} class="listened-cover" tabIndex={-1} aria-hidden="true">
        <Cover src={album.pictureUrl} name={album.title} alt="" sizes="64px" />
      </Link>
      <div class="listened-text">
        <Link href={albumPath(album)} class="listened-title">
          {album.title}
        </Link>
        <Link href={artistPath(album.artistSlug)} class="listened-artist">
          {album.artist}
        </Link>
        <span class="listened-plays">
          {plural(plays, 'play')}
          {album.releaseYear ? ` · ${album.releaseYear}` : ''}
        </span>
      </div>
      <div class="listened-actions">
        <HalfStarRating
          size="small"
          label={`Rate ${album.title}`}
          value={rate.variables?.number ?? album.userRating ?? null}
          onChange={(number) =>
            rate.mutate(
              { albumId: album.albumId, artistId: album.artistId, number },
              { onError: (failure) => setError(failure.message) },
            )
          }
        />
        <LogListenButton album={album} variant="queue" />
        <button type="button" class="button" onClick={notInterested} disabled={busy} aria-label={`Not interested in ${album.title}`}>
          Not interested
        </button>
      </div>
      <FormMessage message={error} />
    </li>
  );
}
