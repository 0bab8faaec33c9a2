// What the import page says, as pure functions: the formats and where to
// get each file, the progress, what confirming would do, each row's rating
// change and the result.
import type { ImportCandidate, ImportEffects, ImportJob, ImportResult, ImportRow, ImportShelf } from '../../api/types';
import type { UploadFormat } from '../../api/ratingImports';
import { plural, wholeNumber as count } from '../../lib/words';

export interface FormatChoice {
  value: UploadFormat;
  label: string;
  /** Where the member gets the file on that site. */
  help: string;
}

export const FORMATS: readonly FormatChoice[] = [
  {
    value: 'auto',
    label: 'Detect automatically',
    help: 'halfstar tells the format from the file itself: any of the ones below.',
  },
  {
    value: 'rym',
    label: 'Rate Your Music CSV',
    help: 'On rateyourmusic.com, open your profile and choose "Export your data" at the bottom of the page: a CSV of your ratings, ownership and, if you ask for them, reviews. Ratings keep their number (RYM uses 1 to 10, like here).',
  },
  {
    value: 'discogs',
    label: 'Discogs collection or wantlist CSV',
    help: 'On discogs.com, open Dashboard, then Export, and export your collection or your wantlist; download the CSV from the list of exports. Discogs ratings are 1 to 5 stars: each becomes twice its stars here.',
  },
  {
    value: 'lastfm',
    label: 'Last.fm scrobbles CSV',
    help: 'Last.fm has no export button of its own: save your scrobbles as a CSV with an exporter such as "lastfm-to-csv" (benjaminbenben.com/lastfm-to-csv). Scrobbles carry no ratings: the albums you played go to your "Listened, not yet rated" queue.',
  },
  {
    value: 'listenbrainz',
    label: 'ListenBrainz export (.zip or .jsonl)',
    help: 'On listenbrainz.org, open Settings, then Export data, and download your listens: upload the .zip as it is, or the .jsonl file inside it. Listens go to your "Listened, not yet rated" queue.',
  },
  {
    value: 'halfstar',
    label: 'halfstar export (.json)',
    help: 'From another halfstar site: Account settings, then "Download my data" (or "halfstar JSON" under Export on this page).',
  },
];


/** The progress bar's label: 'Reading 12,000 of 100,000 rows', 'Matching 40 of 300 albums', or the stage alone while its size is not known. */
export function progressLabel(job: Pick<ImportJob, 'status' | 'progress'>): string {
  const { done, total } = job.progress;
  if (job.status === 'reading') return total > 0 ? `Reading ${count(done)} of ${count(total)} rows` : 'Reading the file...';
  if (job.status === 'matching') return total > 0 ? `Matching ${count(done)} of ${count(total)} albums` : 'Matching...';
  if (job.status === 'writing') return 'Writing your ratings...';
  if (job.status === 'failed') return 'The file could not be read';
  return 'Read';
}

/** A rating as the member sees it elsewhere on the site: '8', '8.5'. */
export function ratingText(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
}

function sentence(parts: string[]): string {
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

/** 'Confirming will add 120 ratings, keep 3 of your own that differ and ...', or that it changes nothing. */
export function effectsText(effects: ImportEffects, fileWins: boolean): string {
  const parts: string[] = [];
  if (effects.ratingsAdded > 0) parts.push(`add ${plural(effects.ratingsAdded, 'rating')}`);
  if (effects.ratingsDiffering > 0) {
    parts.push(
      fileWins
        ? `replace ${plural(effects.ratingsDiffering, 'rating')} of yours that differ${effects.ratingsDiffering === 1 ? 's' : ''}`
        : `keep ${count(effects.ratingsDiffering)} of your own that differ${effects.ratingsDiffering === 1 ? 's' : ''}`,
    );
  }
  if (effects.libraryAdded > 0) parts.push(`put ${plural(effects.libraryAdded, 'album')} in your library`);
  if (effects.wishlistAdded > 0) parts.push(`add ${plural(effects.wishlistAdded, 'album')} to your wishlist`);
  if (effects.listened > 0) parts.push(`put ${plural(effects.listened, 'album')} in your "Listened, not yet rated" queue`);
  if (effects.reviewsAdded > 0) parts.push(`add ${plural(effects.reviewsAdded, 'review')}`);
  const brought = [
    effects.trackRatings > 0 ? plural(effects.trackRatings, 'track rating') : '',
    effects.playerPlays > 0 ? `${plural(effects.playerPlays, 'play')} from your music players` : '',
  ].filter(Boolean);
  if (brought.length > 0) parts.push(`bring in ${sentence(brought)} (what is here already stays)`);
  if (effects.genreVotes > 0) parts.push(`cast your genre votes on ${plural(effects.genreVotes, 'album')}`);
  if (effects.descriptors > 0) parts.push(`apply your descriptors to ${plural(effects.descriptors, 'album')}`);
  if (effects.dismissals > 0) parts.push(`stop recommending ${plural(effects.dismissals, 'album')} you dismissed`);
  const same = effects.ratingsSame > 0 ? ` ${plural(effects.ratingsSame, 'rating')} you gave already ${effects.ratingsSame === 1 ? 'stays' : 'stay'} as ${effects.ratingsSame === 1 ? 'it is' : 'they are'}.` : '';
  if (parts.length === 0) return `Confirming will change nothing: everything in the file is here already.${same}`;
  return `Confirming will ${sentence(parts)}.${same}`;
}

/** What the import did, once confirmed, one line a kind (none for kinds it did not touch). */
export function resultLines(result: ImportResult): string[] {
  const lines: string[] = [];
  if (result.ratingsAdded > 0) lines.push(`${plural(result.ratingsAdded, 'rating')} added`);
  if (result.ratingsChanged > 0) lines.push(`${plural(result.ratingsChanged, 'rating')} changed to the file's`);
  if (result.ratingsKept > 0) lines.push(`${plural(result.ratingsKept, 'rating')} of yours kept`);
  if (result.ratingsSame > 0) lines.push(`${plural(result.ratingsSame, 'rating')} already the same`);
  if (result.libraryAdded > 0) lines.push(`${plural(result.libraryAdded, 'album')} added to your library`);
  if (result.wishlistAdded > 0) lines.push(`${plural(result.wishlistAdded, 'album')} added to your wishlist`);
  if (result.listened > 0) lines.push(`${plural(result.listened, 'album')} in your "Listened, not yet rated" queue`);
  if (result.diaryLogged > 0) lines.push(`${plural(result.diaryLogged, 'listen')} logged in your diary`);
  if (result.reviewsAdded > 0) lines.push(`${plural(result.reviewsAdded, 'review')} added`);
  if (result.reviewsKept > 0) lines.push(`${plural(result.reviewsKept, 'review')} of yours kept`);
  if (result.trackRatingsAdded > 0) lines.push(`${plural(result.trackRatingsAdded, 'track rating')} added`);
  if (result.trackRatingsChanged > 0) lines.push(`${plural(result.trackRatingsChanged, 'track rating')} changed to the file's`);
  if (result.trackRatingsKept > 0) lines.push(`${plural(result.trackRatingsKept, 'track rating')} of yours kept`);
  if (result.trackRatingsUnplaced > 0) {
    lines.push(`${plural(result.trackRatingsUnplaced, 'track rating')} left out: this site's tracklists do not list ${result.trackRatingsUnplaced === 1 ? 'its track' : 'their tracks'}`);
  }
  if (result.playerPlaysKept > 0) lines.push(`${plural(result.playerPlaysKept, 'play')} from your music players kept`);
  if (result.genreVotesAdded > 0) lines.push(`Your genre votes on ${plural(result.genreVotesAdded, 'album')} cast`);
  if (result.descriptorsAdded > 0) lines.push(`Your descriptors of ${plural(result.descriptorsAdded, 'album')} applied`);
  if (result.dismissalsAdded > 0) lines.push(`${plural(result.dismissalsAdded, 'album')} you dismissed no longer recommended`);
  return lines.length > 0 ? lines : ['Nothing changed: everything in the file was here already.'];
}

const SHELVES: Record<ImportShelf, string> = {
  owned: 'owned',
  wishlist: 'on your wishlist',
  'used-to-own': 'used to own',
  'not-catalogued': '',
  listened: 'listened',
};

/**
 * What confirming does to one matched row: '8 → 9' when the file's rating
 * replaces the member's, 'keeps your 8' when theirs stays, 'new: 9',
 * 'already 9', or what it does without a rating.
 */
export function ratingChange(row: Pick<ImportRow, 'rating' | 'currentRating' | 'shelf' | 'plays'>, fileWins: boolean): string {
  const { rating, currentRating } = row;
  if (rating == null) {
    if (row.shelf === 'listened') return 'to your listened queue';
    if (row.shelf === 'wishlist') return 'to your wishlist';
    if (currentRating != null) return `keeps your ${ratingText(currentRating)}`;
    if (row.shelf === 'owned') return 'to your library';
    return 'no rating';
  }
  if (currentRating == null) return `new: ${ratingText(rating)}`;
  if (currentRating === rating) return `already ${ratingText(rating)}`;
  if (fileWins) return `${ratingText(currentRating)} → ${ratingText(rating)}`;
  return `keeps your ${ratingText(currentRating)} (file: ${ratingText(rating)})`;
}

/** The row as the file names it: 'Radiohead – OK Computer (1997)'. */
export function rowName(row: Pick<ImportRow, 'artist' | 'title' | 'year'>): string {
  return `${row.artist} – ${row.title}${row.year ? ` (${row.year})` : ''}`;
}

/** A candidate as the preview offers it: 'Radiohead – OK Computer (1997)'. */
export function candidateName(candidate: Pick<ImportCandidate, 'artist' | 'title' | 'year'>): string {
  return `${candidate.artist} – ${candidate.title}${candidate.year ? ` (${candidate.year})` : ''}`;
}

/** What the file says of a row besides its name: 'rated 9 · owned · 42 plays · with a review · line 12'. */
export function rowDetails(row: Pick<ImportRow, 'rating' | 'shelf' | 'plays' | 'hasReview' | 'line'>): string {
  return [
    row.rating != null ? `rated ${ratingText(row.rating)}` : '',
    row.shelf === 'listened' ? '' : SHELVES[row.shelf],
    row.plays > 0 ? plural(row.plays, 'play') : '',
    row.hasReview ? 'with a review' : '',
    `line ${count(row.line)}`,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** How a matched row was matched. */
export function howText(how: ImportRow['how']): string {
  switch (how) {
    case 'musicbrainz':
      return 'by MusicBrainz id';
    case 'name':
      return 'by name';
    case 'chosen':
      return 'your choice';
    default:
      return '';
  }
}
