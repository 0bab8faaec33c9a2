import { useQueryClient } from '@tanstack/react-query';
import type { ComponentChildren } from 'preact';
import { useRef, useState } from 'react';
import { Link } from 'wouter-preact';
import { ratingImportsApi } from '../../api/ratingImports';
import { replaceRow, useImportRows } from '../../api/ratingImportQueries';
import type { ImportCandidate, ImportJob, ImportRow } from '../../api/types';
import { editsCatalogue, useAuth } from '../../auth/AuthContext';
import { albumPath } from '../../components/AlbumTile';
import { FormMessage } from '../../components/AuthCard';
import { Cover } from '../../components/Cover';
import { Empty, ErrorNote, Loading } from '../../components/QueryState';
import { saveBlob } from '../../lib/saveFile';
import { wholeNumber as count } from '../../lib/words';
import { candidateName, howText, ratingChange, rowDetails, rowName } from './importText';

/**
 * One uncertain row: the candidates the server found, best first, as radio
 * choices, and "None of these". Picking one matches the row to it; "None of
 * these" leaves it out of the import. The row stays where it is either way,
 * so the member can change their mind.
 */
export function RowChoice({
  row,
  onChoose,
  pending = false,
  error = '',
}: {
  row: ImportRow;
  onChoose: (albumId: number | null) => void;
  pending?: boolean;
  error?: string;
}) {
  const saved = row.status === 'matched' ? (row.album?.albumId ?? null) : null;
  // While a choice is being saved it shows as made; a refusal puts the saved one back.
  const [asked, setAsked] = useState<number | null | undefined>(undefined);
  const chosen = pending && asked !== undefined ? asked : saved;
  const choose = (albumId: number | null) => {
    setAsked(albumId);
    onChoose(albumId);
  };
  const name = `import-row-${row.row}`;
  // The row's choices always show the candidates it was offered, whichever is chosen.
  const options: ImportCandidate[] = row.candidates.length > 0 ? row.candidates : row.album ? [row.album] : [];
  return (
    <fieldset class="import-choice" aria-busy={pending}>
      <legend>
        <span class="import-row-name">{rowName(row)}</span>
        <span class="import-row-details">{rowDetails(row)}</span>
      </legend>
      <ul class="import-candidates">
        {options.map((candidate) => (
          <li key={candidate.albumId}>
            <label class="import-candidate">
              <input
                type="radio"
                name={name}
                value={candidate.albumId}
                checked={chosen === candidate.albumId}
                onChange={() => choose(candidate.albumId)}
              />
              <Cover src={candidate.pictureUrl} name={candidate.title} alt="" class="import-thumb" sizes="44px" />
              <span class="import-candidate-name">{candidateName(candidate)}</span>
              <span class="import-score" title="How near the file's name is to this album's">
                {candidate.score}% alike
              </span>
            </label>
          </li>
        ))}
        <li>
          <label class="import-candidate none">
            <input type="radio" name={name} value="" checked={chosen == null} onChange={() => choose(null)} />
            <span class="import-candidate-name">None of these: leave it out</span>
          </label>
        </li>
      </ul>
      <FormMessage message={error} />
    </fieldset>
  );
}

/**
 * Sends a member's choices and keeps the page's figures in step. The radios
 * stay usable while a choice is saved (arrow keys move through them one
 * choice at a time): only the answer to a row's latest choice is shown.
 */
function useChoose(job: ImportJob, listKey: readonly unknown[], onJobChanged: () => void) {
  const client = useQueryClient();
  const latest = useRef(new Map<number, number>());
  const [pending, setPending] = useState<Record<number, boolean>>({});
  const [errors, setErrors] = useState<Record<number, string>>({});
  const choose = async (row: ImportRow, albumId: number | null) => {
    const asked = (latest.current.get(row.row) ?? 0) + 1;
    latest.current.set(row.row, asked);
    const isLatest = () => latest.current.get(row.row) === asked;
    setPending((current) => ({ ...current, [row.row]: true }));
    setErrors((current) => ({ ...current, [row.row]: '' }));
    try {
      const updated = await ratingImportsApi.choose(job.importId, row.row, albumId);
      if (!isLatest()) return;
      replaceRow(client, listKey, updated);
      // The other lists move (a row chosen is now matched); this one keeps it in place.
      await client.invalidateQueries({
        predicate: (query) =>
          query.queryKey[0] === 'rating-import-rows' &&
          query.queryKey[1] === job.importId &&
          JSON.stringify(query.queryKey) !== JSON.stringify(listKey),
        refetchType: 'none',
      });
      onJobChanged();
    } catch (failure) {
      if (isLatest()) setErrors((current) => ({ ...current, [row.row]: failure instanceof Error ? failure.message : String(failure) }));
    } finally {
      if (isLatest()) setPending((current) => ({ ...current, [row.row]: false }));
    }
  };
  return { choose, pending, errors };
}

function MoreRows({ list }: { list: ReturnType<typeof useImportRows> }) {
  if (!list.hasNextPage && list.items.length >= list.total) return null;
  return (
    <div class="show-more">
      <span class="show-more-count" aria-live="polite">
        Showing {count(list.items.length)} of {count(list.total)}
      </span>
      {list.hasNextPage && (
        <button type="button" class="button" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
          {list.isFetchingNextPage ? 'Loading…' : 'Show more'}
        </button>
      )}
    </div>
  );
}

function RowsState({ list, empty, children }: { list: ReturnType<typeof useImportRows>; empty: string; children: () => ComponentChildren }) {
  if (list.isPending) return <Loading label="Loading the rows…" />;
  if (list.isError) return <ErrorNote error={list.error} />;
  if (list.items.length === 0) return <Empty>{empty}</Empty>;
  return (
    <>
      {children()}
      <MoreRows list={list} />
    </>
  );
}

export function UncertainRows({ job, onJobChanged }: { job: ImportJob; onJobChanged: () => void }) {
  const list = useImportRows(job.importId, 'uncertain');
  const { choose, pending, errors } = useChoose(job, list.key, onJobChanged);
  return (
    <RowsState list={list} empty="No uncertain rows: every album was either found or is missing.">
      {() => (
        <ul class="import-rows" aria-label="Uncertain rows">
          {list.items.map((row) => (
            <li key={row.row}>
              <RowChoice row={row} pending={pending[row.row] ?? false} error={errors[row.row]} onChoose={(albumId) => void choose(row, albumId)} />
            </li>
          ))}
        </ul>
      )}
    </RowsState>
  );
}

/** `/grab-data?name=...`: the data-import page, its artist field filled in. */
export function grabDataPath(artist: string): string {
  return `/grab-data?${new URLSearchParams({ name: artist })}`;
}

export function MissingRows({ job, onRematch, rematching }: { job: ImportJob; onRematch: () => void; rematching: boolean }) {
  const list = useImportRows(job.importId, 'missing');
  const { user } = useAuth();
  const editor = editsCatalogue(user);
  const [downloading, setDownloading] = useState(false);
  const [error, setError] = useState('');
  const downloadCsv = async () => {
    setDownloading(true);
    setError('');
    try {
      const file = await ratingImportsApi.missingCsv(job.importId);
      saveBlob(file.name, file.blob);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setDownloading(false);
    }
  };
  return (
    <>
      <p class="import-explain">
        {editor
          ? 'These albums are not in the catalogue yet. Add an artist\u2019s albums from MusicBrainz, then come back here and match again.'
          : 'These albums are not in the catalogue yet: they are left out. Download the list to keep it, or ask an editor to add them.'}
      </p>
      <div class="import-actions">
        <button type="button" class="button" onClick={downloadCsv} disabled={downloading || job.counts.missing === 0}>
          {downloading ? 'Preparing…' : 'Download the missing albums (CSV)'}
        </button>
        {editor && (
          <button type="button" class="button" onClick={onRematch} disabled={rematching}>
            {rematching ? 'Matching…' : 'Match again'}
          </button>
        )}
      </div>
      <FormMessage message={error} />
      <RowsState list={list} empty="Nothing is missing: every album in the file is in the catalogue.">
        {() => (
          <ul class="import-rows" aria-label="Missing rows">
            {list.items.map((row) => (
              <li key={row.row} class="import-row">
                <div class="import-row-text">
                  <span class="import-row-name">{rowName(row)}</span>
                  <span class="import-row-details">{rowDetails(row)}</span>
                </div>
                {editor && (
                  <Link href={grabDataPath(row.artist)} class="button import-row-action" aria-label={`Add ${row.artist} from MusicBrainz`}>
                    Add from MusicBrainz
                  </Link>
                )}
              </li>
            ))}
          </ul>
        )}
      </RowsState>
    </>
  );
}

export function MatchedRows({ job, fileWins }: { job: ImportJob; fileWins: boolean }) {
  const list = useImportRows(job.importId, 'matched');
  return (
    <RowsState list={list} empty="Nothing matched yet.">
      {() => (
        <ul class="import-rows" aria-label="Matched rows">
          {list.items.map((row) => (
            <li key={row.row} class="import-row">
              {row.album && <Cover src={row.album.pictureUrl} name={row.album.title} alt="" class="import-thumb" sizes="44px" />}
              <div class="import-row-text">
                {row.album ? (
                  <Link href={albumPath(row.album)} class="import-row-name">
                    {candidateName(row.album)}
                  </Link>
                ) : (
                  <span class="import-row-name">{rowName(row)}</span>
                )}
                <span class="import-row-details">
                  {[howText(row.how), rowDetails(row)].filter(Boolean).join(' · ')}
                </span>
              </div>
              <span class={changeClass(row, fileWins)}>{ratingChange(row, fileWins)}</span>
            </li>
          ))}
        </ul>
      )}
    </RowsState>
  );
}

function changeClass(row: ImportRow, fileWins: boolean): string {
  if (row.rating == null || row.currentRating == null || row.rating === row.currentRating) return 'import-change';
  return fileWins ? 'import-change replaced' : 'import-change kept';
}

export function SkippedRows({ job }: { job: ImportJob }) {
  const list = useImportRows(job.importId, 'skipped');
  return (
    <RowsState list={list} empty="Every line of the file could be read.">
      {() => (
        <ul class="import-rows" aria-label="Skipped rows">
          {list.items.map((row) => (
            <li key={row.row} class="import-row">
              <div class="import-row-text">
                <span class="import-row-name">
                  Line {count(row.line)}
                  {row.artist || row.title ? `: ${rowName(row)}` : ''}
                </span>
                <span class="import-row-details">{row.problem ?? 'Could not be read.'}</span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </RowsState>
  );
}

