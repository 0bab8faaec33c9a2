import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useUniqueId } from '../../lib/useUniqueId';
import { ratingImportsApi } from '../../api/ratingImports';
import type { ImportJob, ImportRowStatus } from '../../api/types';
import { FormMessage } from '../../components/AuthCard';
import { Tabs } from '../../components/Tabs';
import { plural, wholeNumber as count } from '../../lib/words';
import { effectsText } from './importText';
import { MatchedRows, MissingRows, SkippedRows, UncertainRows } from './ImportRows';

const SECTIONS: readonly ImportRowStatus[] = ['uncertain', 'missing', 'matched', 'skipped'];

const SECTION_NAMES: Record<ImportRowStatus, string> = {
  uncertain: 'Uncertain',
  missing: 'Missing',
  matched: 'Matched',
  skipped: 'Skipped',
};

/** The section the preview opens on: the first that asks something of the member. */
export function firstSection(counts: ImportJob['counts']): ImportRowStatus {
  return SECTIONS.find((status) => counts[status] > 0) ?? 'matched';
}

/** Moves focus to a heading when it appears, so keyboard and screen reader users land on the new step. */
export function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => ref.current?.focus(), []);
  return ref;
}

/**
 * The file read and matched, nothing written yet: the counts, what the
 * server wants the member to know, what confirming would do, and each kind
 * of row. The member picks candidates for uncertain rows, then confirms or
 * discards.
 */
export function ImportPreview({
  job,
  onJob,
  onDiscarded,
}: {
  job: ImportJob;
  /** A newer state of the job (after a choice, accept-best, rematch or confirm). */
  onJob: (job: ImportJob | null) => void;
  onDiscarded: () => void;
}) {
  const client = useQueryClient();
  const headingId = useUniqueId();
  const fileWinsId = useUniqueId();
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const [section, setSection] = useState<ImportRowStatus>(() => firstSection(job.counts));
  const [fileWins, setFileWins] = useState(false);
  const [pending, setPending] = useState<null | 'accept' | 'rematch' | 'confirm' | 'discard'>(null);
  const [error, setError] = useState('');

  // The rows are read afresh each time the preview shows; once it is gone (confirmed, discarded,
  // matching again) they are forgotten, after the lists have let go of them: a list still on
  // screen would ask again for rows the server no longer has.
  useEffect(() => {
    const rowsKey = ['rating-import-rows', job.importId];
    return () => {
      void client.cancelQueries({ queryKey: rowsKey });
      client.removeQueries({ queryKey: rowsKey });
    };
  }, [client, job.importId]);
  const run = async (kind: NonNullable<typeof pending>, action: () => Promise<void>) => {
    setPending(kind);
    setError('');
    try {
      await action();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setPending(null);
    }
  };
  const refreshJob = () => {
    void ratingImportsApi.job(job.importId).then(onJob, () => undefined);
  };
  const acceptBest = () =>
    run('accept', async () => {
      const next = await ratingImportsApi.acceptBest(job.importId);
      await client.resetQueries({ queryKey: ['rating-import-rows', job.importId] });
      onJob(next);
    });
  const rematch = () =>
    run('rematch', async () => {
      const next = await ratingImportsApi.rematch(job.importId);
      onJob(next);
      // Matched at once: the preview stays, and every list is read again (rows moved between them).
      if (next.status === 'ready') await client.resetQueries({ queryKey: ['rating-import-rows', job.importId] });
    });
  const confirm = () =>
    run('confirm', async () => {
      onJob(await ratingImportsApi.confirm(job.importId, fileWins));
    });
  const discard = () =>
    run('discard', async () => {
      await ratingImportsApi.discard(job.importId);
      onDiscarded();
    });

  const { counts } = job;
  const busy = pending != null;
  return (
    <section class="import-preview" aria-labelledby={headingId}>
      <h2 id={headingId} ref={heading} tabIndex={-1}>
        Check what matched
      </h2>
      <p class="import-file">
        {job.formatName}: <strong>{job.fileName}</strong> · {plural(counts.rows, 'album')} in the file
      </p>
      <dl class="import-counts" aria-label="Counts">
        {(['matched', 'uncertain', 'missing', 'skipped'] as const).map((status) => (
          <div key={status} class={`import-count ${status}`}>
            <dt>{SECTION_NAMES[status]}</dt>
            <dd>{count(counts[status])}</dd>
          </div>
        ))}
      </dl>
      {job.notes.length > 0 && (
        <ul class="import-notes" aria-label="Notes">
          {job.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      )}
      <p class="import-effects" aria-live="polite">
        {effectsText(job.effects, fileWins)}
      </p>
      {counts.uncertain > 0 && (
        <div class="import-actions">
          <button type="button" class="button" onClick={acceptBest} disabled={busy}>
            {pending === 'accept' ? 'Accepting…' : `Accept all best guesses (${count(counts.uncertain)})`}
          </button>
        </div>
      )}

      <Tabs
        label="Rows"
        tabs={SECTIONS.map((status) => [status, `${SECTION_NAMES[status]} (${count(counts[status])})`] as const)}
        selected={section}
        onSelect={setSection}
      />
      <div role="tabpanel" aria-label={SECTION_NAMES[section]} class="import-panel">
        {section === 'uncertain' && <UncertainRows job={job} onJobChanged={refreshJob} />}
        {section === 'missing' && <MissingRows job={job} onRematch={rematch} rematching={pending === 'rematch'} />}
        {section === 'matched' && <MatchedRows job={job} fileWins={fileWins} />}
        {section === 'skipped' && <SkippedRows job={job} />}
      </div>

      <div class="import-confirm">
        {/* Only offered when it would change something: ratings of the member's own that the file disagrees with. */}
        {(job.effects.ratingsDiffering > 0 || fileWins) && (
          <label class="import-check" for={fileWinsId}>
            <input id={fileWinsId} type="checkbox" checked={fileWins} onChange={(event) => setFileWins((event.currentTarget as HTMLInputElement).checked)} />
            The file wins: replace my ratings that differ
          </label>
        )}
        <div class="import-actions">
          <button type="button" class="button primary" onClick={confirm} disabled={busy}>
            {pending === 'confirm' ? 'Writing…' : 'Confirm import'}
          </button>
          <button type="button" class="button danger" onClick={discard} disabled={busy}>
            {pending === 'discard' ? 'Discarding…' : 'Discard'}
          </button>
        </div>
        <FormMessage message={error} />
      </div>
    </section>
  );
}
