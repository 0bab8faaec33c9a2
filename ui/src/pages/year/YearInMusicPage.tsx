import { Link } from 'wouter-preact';
import { ApiError } from '../../api/client';
import type { YearAlbum, YearInMusic } from '../../api/types';
import { useActiveYears, useYearInMusic, yearApi } from '../../api/year';
import { useAuth } from '../../auth/AuthContext';
import { albumPath } from '../../components/AlbumTile';
import { Cover } from '../../components/Cover';
import { ErrorNote, Loading } from '../../components/QueryState';
import { longDate } from '../../lib/format';
import { artistPath } from '../../lib/paths';
import { routeParam } from '../../lib/routeParam';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { plural } from '../../lib/words';
import { heatRows, MONTH_NAMES, spreadByWhole } from './yearText';
import './year.css';

/**
 * A member's year in music: figures, the days listened (a heatmap), the
 * rating spread, top genres, artists and tracks, a collage of the year's
 * albums, the reviews written, and the picture to download. The years with
 * activity link to each other.
 */
export function YearInMusicPage({ params }: { params: Record<string, string | undefined> }) {
  const username = routeParam(params.username);
  const year = Number(params.year);
  const { user } = useAuth();
  const own = user != null && user.username.toLowerCase() === username.toLowerCase();
  const summary = useYearInMusic(username, year);
  const title = own ? `My ${year} in music` : `${username}'s ${year} in music`;
  useDocumentTitle(title);

  let body;
  if (summary.isPending) body = <Loading label="Loading the year…" />;
  else if (summary.isError) {
    body =
      summary.error instanceof ApiError && summary.error.status === 404 ? (
        <ErrorNote error={new Error(`There is no member called ${username}.`)} />
      ) : (
        <ErrorNote error={summary.error} />
      );
  } else if (summary.data.listens === 0 && summary.data.ratings === 0 && summary.data.reviews.length === 0) {
    body = <p class="empty">Nothing was logged, rated or reviewed in {year}.</p>;
  } else {
    body = <YearView year={summary.data} />;
  }
  return (
    <section class="year-page" data-screen="year-in-music">
      <header class="year-header">
        <h1>{title}</h1>
        <YearLinks username={username} year={year} />
        {summary.data && (summary.data.listens > 0 || summary.data.ratings > 0) && (
          <a class="button" href={yearApi.imagePath(username, year)} download={`halfstar-${username}-${year}.svg`}>
            Download the picture
          </a>
        )}
      </header>
      {body}
    </section>
  );
}

/** The other years with activity, the diary and the profile. */
function YearLinks({ username, year }: { username: string; year: number }) {
  const years = useActiveYears(username);
  const others = (years.data?.years ?? []).filter((other) => other !== year);
  const name = encodeURIComponent(username);
  return (
    <nav class="year-links" aria-label="Other years">
      {others.map((other) => (
        <Link key={other} href={`/user/${name}/year/${other}`}>
          {other}
        </Link>
      ))}
      <Link href={`/year/${year}`}>Everyone's {year}</Link>
      <Link href={`/user/${name}/diary`}>Diary</Link>
      <Link href={`/user/${name}`}>Profile</Link>
    </nav>
  );
}

function YearView({ year }: { year: YearInMusic }) {
  const figures: Array<[string, string]> = [
    ['Listens', String(year.listens)],
    ['Albums listened to', String(year.albumsListened)],
    ['First listens', String(year.firstListens)],
    ['Re-listens', String(year.relistens)],
    ['Ratings given', String(year.ratings)],
    ['Average rating', year.averageRating == null ? '–' : year.averageRating.toFixed(2)],
  ];
  return (
    <>
      <dl class="year-figures">
        {figures.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {year.albums.length > 0 && (
        <section aria-labelledby="year-collage">
          <h2 id="year-collage">The year's albums</h2>
          <ul class="year-collage">
            {year.albums.map((album) => (
              <CollageTile key={album.albumId} album={album} />
            ))}
          </ul>
        </section>
      )}
      {year.listens > 0 && <Heatmap year={year} />}
      <div class="year-columns">
        {year.ratings > 0 && <Spread spread={year.ratingSpread} />}
        <Ranked title="Top artists" items={year.topArtists.map((a) => ({ name: a.name, href: artistPath(a.slug), count: a.count }))} />
        <Ranked title="Top genres" items={year.topGenres.map((g) => ({ name: g.name, href: `/charts/all-time/${encodeURIComponent(g.slug)}`, count: g.count }))} />
      </div>
      {year.topTracks.length > 0 && (
        <section aria-labelledby="year-tracks">
          <h2 id="year-tracks">Top tracks</h2>
          <ol class="year-list">
            {year.topTracks.map((track) => (
              <li key={`${track.album.albumId}-${track.title}`}>
                <span class="year-track">{track.title}</span> <span class="year-muted">from</span>{' '}
                <Link href={albumPath(track.album)}>{track.album.title}</Link> <span class="year-muted">by {track.album.artist}</span>{' '}
                <span class="year-rating">{track.number.toFixed(1)}</span>
              </li>
            ))}
          </ol>
        </section>
      )}
      {year.reviews.length > 0 && (
        <section aria-labelledby="year-reviews">
          <h2 id="year-reviews">Reviews written</h2>
          <ul class="year-list">
            {year.reviews.map((review) => (
              <li key={review.reviewId}>
                <Link href={`/review/${encodeURIComponent(review.album.slug)}/${review.reviewId}`}>
                  {review.album.title} by {review.album.artist}
                </Link>{' '}
                <span class="year-muted">{longDate(review.writtenAt)}</span>
                {review.rating != null && <span class="year-rating">{review.rating.toFixed(1)}</span>}
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

function CollageTile({ album }: { album: YearAlbum }) {
  const name = `${album.title} by ${album.artist}`;
  const about = [album.listens > 0 ? plural(album.listens, 'listen') : '', album.rating != null ? `rated ${album.rating.toFixed(1)}` : '']
    .filter(Boolean)
    .join(', ');
  return (
    <li>
      <Link href={albumPath(album)} class="year-cover" title={`${name}: ${about}`} aria-label={`${name}, ${about}`}>
        <Cover src={album.pictureUrl} name={album.title} alt="" sizes="120px" />
      </Link>
    </li>
  );
}

/** Twelve rows of days, each day shaded by its listens. */
function Heatmap({ year }: { year: YearInMusic }) {
  const rows = heatRows(year.year, year.days);
  const busiest = year.days.reduce((best, day) => (day.listens > (best?.listens ?? 0) ? day : best), year.days[0]);
  return (
    <section aria-labelledby="year-days">
      <h2 id="year-days">Listening by day</h2>
      <p class="year-muted">
        {plural(year.days.length, 'day')} with listens{busiest ? `; the most on ${longDate(busiest.day)} (${plural(busiest.listens, 'listen')})` : ''}.
      </p>
      <div class="year-heatmap" role="img" aria-label={`Listens on each day of ${year.year}`}>
        {rows.map((cells, month) => (
          <div key={month} class="year-heat-row">
            <span class="year-heat-month">{MONTH_NAMES[month]}</span>
            {cells.map((cell) => (
              <span key={cell.day} class={`year-heat level-${cell.level}`} title={`${longDate(cell.day)}: ${plural(cell.listens, 'listen')}`} />
            ))}
          </div>
        ))}
      </div>
    </section>
  );
}

function Spread({ spread }: { spread: number[] }) {
  const buckets = spreadByWhole(spread);
  const most = Math.max(1, ...buckets);
  return (
    <section aria-labelledby="year-spread">
      <h2 id="year-spread">Ratings given</h2>
      <ol class="year-spread">
        {buckets.map((count, n) => (
          <li key={n} aria-label={`${n + 1}: ${plural(count, 'rating')}`} title={`${n + 1}: ${plural(count, 'rating')}`}>
            <span class="year-bar" style={{ height: `${(count / most) * 100}%` }} />
            <span class="year-bar-label">{n + 1}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

function Ranked({ title, items }: { title: string; items: Array<{ name: string; href: string; count: number }> }) {
  if (items.length === 0) return null;
  const id = `year-${title.toLowerCase().replace(/ /g, '-')}`;
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <ol class="year-list">
        {items.map((item) => (
          <li key={item.name}>
            <Link href={item.href}>{item.name}</Link> <span class="year-muted">{plural(item.count, 'listen or rating', 'listens and ratings')}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
