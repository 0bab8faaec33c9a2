import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link } from 'wouter-preact';
import { playersApi } from '../../api/players';
import { useViewer } from '../../api/queries';
import type { UnmatchedAlbums } from '../../api/types';
import { underViewer } from '../../api/viewerCache';
import { ErrorNote, Loading } from '../../components/QueryState';
import { ShowMore } from '../../components/ShowMore';
import { longDate } from '../../lib/format';
import { plural } from '../../lib/words';

/**
 * The "missing" view of what the member's music players sent: albums the
 * catalogue lacks, most played first. Not shown to a member whose players
 * never sent such a play.
 */
export function PlayerMissing() {
  const key = underViewer(['player-unmatched'], useViewer());
  const query = useInfiniteQuery({
    queryKey: key,
    queryFn: ({ pageParam, signal }) => playersApi.unmatched(pageParam, signal),
    // Players add plays from elsewhere at any time: asked for on every visit.
    staleTime: 0,
    initialPageParam: 0,
    getNextPageParam: (last: UnmatchedAlbums, pages: UnmatchedAlbums[]) => {
      const loaded = pages.reduce((sum, page) => sum + page.albums.length, 0);
      return last.albums.length > 0 && loaded < last.total ? loaded : undefined;
    },
  });
  const items = useMemo(() => (query.data?.pages ?? []).flatMap((page) => page.albums), [query.data]);
  const total = query.data?.pages.at(-1)?.total ?? 0;

  if (query.isPending) return <Loading label="Loading your players' plays..." hidden />;
  if (query.isError) return <ErrorNote error={query.error} />;
  if (total === 0) return null;
  return (
    <section class="account-section" aria-labelledby="player-missing-heading">
      <h2 id="player-missing-heading">Missing from your music player</h2>
      <p>
        Your <Link href="/settings/account#account-player">music player</Link> played {plural(total, 'album')} that halfstar does not have.
        Plays are kept: once an editor adds the album, new plays of it count in your "Listened, not yet rated" queue.
      </p>
      <ul class="player-missing">
        {items.map((album) => (
          <li key={`${album.artist}\u0000${album.album}`}>
            <span class="player-missing-name">
              <strong>{album.album || 'No album name'}</strong> by {album.artist}
            </span>
            <span class="import-explain">
              {plural(album.plays, 'play')} · last {longDate(album.lastListenedAt)}
            </span>
          </li>
        ))}
      </ul>
      <ShowMore list={{ ...query, items }} total={total} />
    </section>
  );
}
