import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useUniqueId } from '../../lib/useUniqueId';
import { Link } from 'wouter-preact';
import { ApiError } from '../../api/client';
import { isWorking, ratingImportsApi, type Download } from '../../api/ratingImports';
import { useImportJob } from '../../api/ratingImportQueries';
import type { ImportJob } from '../../api/types';
import { refreshAfterWrite } from '../../api/viewerCache';
import { useAuth } from '../../auth/AuthContext';
import { FormMessage } from '../../components/AuthCard';
import { LoginInvitation } from '../../components/LoginPrompt';
import { ErrorNote, Loading } from '../../components/QueryState';
import { saveBlob } from '../../lib/saveFile';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { ImportPreview, useFocusOnMount } from './ImportPreview';
import { PlayerMissing } from './PlayerMissing';
import { progressLabel, resultLines } from './importText';
import { UploadForm } from './UploadForm';
import '../account/account.css';
import './import.css';

/**
 * /settings/import: a member brings their ratings in from Rate Your Music,
 * Discogs, Last.fm, ListenBrainz or another halfstar, checks what matched,
 * and confirms; and takes them out again.
 */
export function ImportPage() {
  const { user } = useAuth();
  useDocumentTitle('Import my data');
  return (
    <section class="account-page import-page" data-screen="import">
      <h1>Import my data</h1>
      {user ? (
        <>
          <p class="import-intro">
            Bring your ratings, collection and listening history from another site. You see what matched before anything is written, and
            your own ratings are kept unless you choose otherwise.
          </p>
          <Importer />
          <PlayerMissing />
          <ExportSection />
        </>
      ) : (
        <LoginInvitation reason="to bring your ratings in." />
      )}
    </section>
  );
}

function Importer() {
  const client = useQueryClient();
  const { query, set } = useImportJob();
  const [notice, setNotice] = useState('');
  // A job that vanishes under the page (expired, the server restarted) is said so, once.
  const shown = useRef<ImportJob | null>(null);
  const settingNull = useRef(false);
  useEffect(() => {
    const data = query.data;
    if (data === undefined) return;
    if (data === null && shown.current && !settingNull.current) {
      setNotice(`Your import of ${shown.current.fileName} is no longer on the server (an import left alone for a few minutes is forgotten): upload the file again.`);
    }
    settingNull.current = false;
    shown.current = data;
  }, [query.data]);

  const clear = () => {
    settingNull.current = true;
    set(null);
  };
  const replaceJob = (job: ImportJob | null) => {
    if (job === null) return clear();
    set(job);
    if (job.status === 'done') void refreshAfterWrite(client);
  };

  let body;
  if (query.data === undefined) {
    body = query.isError ? <ErrorNote error={query.error} /> : <Loading label="Looking for your last import…" />;
  } else if (query.data === null) {
    body = (
      <UploadForm
        notice={notice}
        onUploaded={(job) => {
          setNotice('');
          set(job);
        }}
      />
    );
  } else {
    const job = query.data;
    if (isWorking(job.status)) body = <ImportProgress job={job} onDiscarded={clear} />;
    else if (job.status === 'failed') body = <ImportFailed job={job} onDone={clear} />;
    else if (job.status === 'ready') body = <ImportPreview key={job.importId} job={job} onJob={replaceJob} onDiscarded={clear} />;
    else body = <ImportDone job={job} onAnother={clear} />;
  }
  return (
    <section class="account-section import-section" aria-label="Import">
      {body}
      {query.data && query.isError && <ErrorNote error={query.error} />}
    </section>
  );
}

/** Discards a job the member is done with; one already gone is no matter. */
async function discardQuietly(importId: string) {
  try {
    await ratingImportsApi.discard(importId);
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) throw error;
  }
}

function useDiscard(importId: string, then: () => void) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState('');
  const run = async () => {
    setPending(true);
    setError('');
    try {
      await discardQuietly(importId);
      then();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setPending(false);
    }
  };
  return { run, pending, error };
}

const STAGES: Partial<Record<ImportJob['status'], string>> = { reading: 'Reading', matching: 'Matching', writing: 'Writing' };

export function ImportProgress({ job, onDiscarded }: { job: ImportJob; onDiscarded: () => void }) {
  const barId = useUniqueId();
  const discard = useDiscard(job.importId, onDiscarded);
  const { done, total } = job.progress;
  return (
    <div class="import-progress">
      <h2>
        {STAGES[job.status] ?? 'Reading'} {job.fileName}
      </h2>
      <label for={barId} role="status" aria-live="polite">
        {progressLabel(job)}
      </label>
      {total > 0 ? <progress id={barId} max={total} value={Math.min(done, total)} /> : <progress id={barId} />}
      <p class="import-explain">{job.formatName}. You can leave this page: the import waits for you here.</p>
      {job.status !== 'writing' && (
        <div>
          <button type="button" class="button danger" onClick={discard.run} disabled={discard.pending}>
            Stop and discard
          </button>
        </div>
      )}
      <FormMessage message={discard.error} />
    </div>
  );
}

function ImportFailed({ job, onDone }: { job: ImportJob; onDone: () => void }) {
  const discard = useDiscard(job.importId, onDone);
  return (
    <div class="import-failed">
      <h2>{job.fileName} could not be read</h2>
      <p class="form-error" role="alert">
        {job.message ?? 'The file is not one halfstar can read.'}
      </p>
      <div>
        <button type="button" class="button primary" onClick={discard.run} disabled={discard.pending}>
          Try another file
        </button>
      </div>
      <FormMessage message={discard.error} />
    </div>
  );
}

export function ImportDone({ job, onAnother }: { job: ImportJob; onAnother: () => void }) {
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const another = useDiscard(job.importId, onAnother);
  const result = job.result;
  return (
    <div class="import-done">
      <h2 ref={heading} tabIndex={-1}>
        Imported {job.fileName}
      </h2>
      {result ? (
        <ul class="import-result" aria-label="What the import did">
          {resultLines(result).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : (
        <p>The import is written.</p>
      )}
      <p class="import-links">
        <Link href="/my-library">See your library</Link>
        {result && result.listened > 0 && (
          <>
            {' · '}
            <Link href="/my-library#listened">Rate what you listened to</Link>
          </>
        )}
      </p>
      <div>
        <button type="button" class="button" onClick={another.run} disabled={another.pending}>
          Import another file
        </button>
      </div>
      <FormMessage message={another.error} />
    </div>
  );
}

function ExportSection() {
  const [pending, setPending] = useState<null | 'csv' | 'json'>(null);
  const [error, setError] = useState('');
  const save = async (kind: 'csv' | 'json', fetchFile: () => Promise<Download>) => {
    setPending(kind);
    setError('');
    try {
      const file = await fetchFile();
      saveBlob(file.name, file.blob);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setPending(null);
    }
  };
  return (
    <section class="account-section" aria-labelledby="import-export-heading">
      <h2 id="import-export-heading">Export</h2>
      <p>Take your ratings elsewhere: leaving is as easy as coming.</p>
      <div class="import-actions">
        <button type="button" class="button" onClick={() => save('csv', ratingImportsApi.exportCsv)} disabled={pending != null}>
          {pending === 'csv' ? 'Preparing…' : 'Rate Your Music style CSV'}
        </button>
        <button type="button" class="button" onClick={() => save('json', ratingImportsApi.exportJson)} disabled={pending != null}>
          {pending === 'json' ? 'Preparing…' : 'halfstar JSON'}
        </button>
      </div>
      <p class="import-explain">
        The CSV has your ratings, library and wishlist in Rate Your Music&rsquo;s columns; the JSON is everything you wrote here, and
        another halfstar site reads it back.
      </p>
      <FormMessage message={error} />
    </section>
  );
}
