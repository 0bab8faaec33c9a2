import { useState } from 'react';
import { Link } from 'wouter-preact';
import { ApiError } from '../../api/client';
import { useDiary } from '../../api/diary';
import type { DiaryEntry } from '../../api/types';
import { useAuth } from '../../auth/AuthContext';
import { albumPath } from '../../components/AlbumTile';
import { Cover } from '../../components/Cover';
import { HalfStarRating } from '../../components/HalfStarRating';
import { EditEntryDialog } from '../../components/LogListen';
import { Empty, ErrorNote, Loading } from '../../components/QueryState';
import { longDate, monthName } from '../../lib/format';
import { artistPath } from '../../lib/paths';
import { routeParam } from '../../lib/routeParam';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { plural } from '../../lib/words';
import { byMonth, dayOf } from './diaryText';
import './diary.css';

/**
 * A member's listening diary: listens by month, the latest first, each with
 * its day, cover, the rating given then, a note and the re-listen mark. The
 * member changes or removes their own entries here.
 */
export function DiaryPage({ params }: { params: Record<string, string | undefined> }) {
  const username = routeParam(params.username);
  const { user } = useAuth();
  const own = user != null && user.username.toLowerCase() === username.toLowerCase();
  const diary = useDiary(username);
  const [editing, setEditing] = useState<DiaryEntry | null>(null);
  useDocumentTitle(own ? 'My diary' : `${username}'s diary`);

  let body;
  if (diary.isPending) body = <Loading label="Loading the diary…" />;
  else if (diary.isError && diary.entries.length === 0) {
    body =
      diary.error instanceof ApiError && diary.error.status === 404 ? (
        <ErrorNote error={new Error(`There is no member called ${username}.`)} />
      ) : (
        <ErrorNote error={diary.error} />
      );
  } else if (diary.entries.length === 0) {
    body = (
      <Empty>
        {own
          ? 'No listens logged yet. Log one with "Log a Listen" on an album\'s page or the headphones on its tile; plays your music player sends log whole albums by themselves.'
          : `${username} has not logged a listen yet.`}
      </Empty>
    );
  } else {
    const counts = new Map(diary.months.map((month) => [month.month, month.listens]));
    body = (
      <>
        {byMonth(diary.entries).map(({ month, entries }) => (
          <section key={month} class="diary-month" aria-labelledby={`diary-${month}`}>
            <h2 id={`diary-${month}`}>
              {monthName(month)} <small>{plural(counts.get(month) ?? entries.length, 'listen')}</small>
            </h2>
            <ol class="diary-entries">
              {entries.map((entry) => (
                <DiaryRow key={entry.entryId} entry={entry} onEdit={own ? () => setEditing(entry) : undefined} />
              ))}
            </ol>
          </section>
        ))}
        {diary.isFetchNextPageError && <ErrorNote error={diary.error} />}
        {diary.hasNextPage && (
          <div class="show-more">
            <button type="button" class="button" onClick={() => void diary.fetchNextPage()} disabled={diary.isFetchingNextPage}>
              {diary.isFetchingNextPage ? 'Loading…' : 'Show more'}
            </button>
          </div>
        )}
      </>
    );
  }
  return (
    <section class="diary-page" data-screen="diary">
      <header class="diary-header">
        <h1>{own ? 'My diary' : `${username}'s diary`}</h1>
        <Link href={`/user/${encodeURIComponent(username)}`}>{own ? 'My profile' : `${username}'s profile`}</Link>
      </header>
      {body}
      {editing && <EditEntryDialog entry={editing} onClose={() => setEditing(null)} />}
    </section>
  );
}

function DiaryRow({ entry, onEdit }: { entry: DiaryEntry; onEdit?: () => void }) {
  const { album } = entry;
  const { day, weekday } = dayOf(entry.listenedOn);
  return (
    <li class="diary-entry" aria-label={`${album.title} by ${album.artist}, ${longDate(entry.listenedOn)}`}>
      <time class="diary-day" dateTime={entry.listenedOn} title={longDate(entry.listenedOn)}>
        <span class="diary-day-number">{day}</span>
        <span class="diary-weekday">{weekday}</span>
      </time>
      <Link href={albumPath(album)} class="diary-cover" tabIndex={-1} aria-hidden="true">
        <Cover src={album.pictureUrl} name={album.title} alt="" sizes="64px" />
      </Link>
      <div class="diary-text">
        <Link href={albumPath(album)} class="diary-title">
          {album.title}
        </Link>
        <span class="diary-artist">
          <Link href={artistPath(album.artistSlug)}>{album.artist}</Link>
          {album.releaseYear ? ` · ${album.releaseYear}` : ''}
        </span>
        <span class="diary-marks">
          {entry.rating != null && <HalfStarRating value={entry.rating} size="small" label="Rating then" />}
          {entry.relisten && <span class="diary-mark">Re-listen</span>}
          {entry.source === 'player' && <span class="diary-mark">From a music player</span>}
          {entry.source === 'import' && <span class="diary-mark">From an imported history</span>}
        </span>
        {entry.note && <p class="diary-note">{entry.note}</p>}
      </div>
      {onEdit && (
        <button type="button" class="button diary-edit" onClick={onEdit} aria-label={`Change the listen of ${album.title} on ${longDate(entry.listenedOn)}`}>
          Change
        </button>
      )}
    </li>
  );
}
