import { useState } from 'react';
import { useUniqueId } from '../../lib/useUniqueId';
import { MAX_UPLOAD_BYTES, ratingImportsApi, type UploadFormat } from '../../api/ratingImports';
import type { ImportJob } from '../../api/types';
import { FormMessage } from '../../components/AuthCard';
import { byteSize } from '../../lib/format';
import { FORMATS } from './importText';

/**
 * The file and its format: chosen with the file picker or dropped on the
 * box, then sent as it is. The server reads it in the background and answers
 * the job at once.
 */
export function UploadForm({ onUploaded, notice }: { onUploaded: (job: ImportJob) => void; notice?: string }) {
  const fileId = useUniqueId();
  const formatId = useUniqueId();
  const helpId = useUniqueId();
  const headingId = useUniqueId();
  const [file, setFile] = useState<File | null>(null);
  const [format, setFormat] = useState<UploadFormat>('auto');
  const [dragging, setDragging] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState('');

  const take = (chosen: File | null | undefined) => {
    setError('');
    setFile(chosen ?? null);
    if (chosen && chosen.size > MAX_UPLOAD_BYTES) {
      setError(`${chosen.name} is ${byteSize(chosen.size)}: files of up to ${byteSize(MAX_UPLOAD_BYTES)} can be read.`);
    }
  };

  const submit = async (event: Event) => {
    event.preventDefault();
    if (!file) return setError('Choose a file first.');
    if (file.size === 0) return setError(`${file.name} is empty.`);
    if (file.size > MAX_UPLOAD_BYTES) return setError(`${file.name} is ${byteSize(file.size)}: files of up to ${byteSize(MAX_UPLOAD_BYTES)} can be read.`);
    setPending(true);
    setError('');
    try {
      onUploaded(await ratingImportsApi.upload(file, file.name, format));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setPending(false);
    }
  };

  const chosenFormat = FORMATS.find((choice) => choice.value === format) ?? FORMATS[0];
  return (
    <form class="form import-upload" onSubmit={submit} aria-labelledby={headingId}>
      <h2 id={headingId}>Bring your ratings in</h2>
      {notice && <p class="import-notice">{notice}</p>}
      <div
        class={dragging ? 'import-drop dragging' : 'import-drop'}
        onDragEnter={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragOver={(event) => {
          event.preventDefault();
          if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
          setDragging(true);
        }}
        onDragLeave={(event) => {
          // Leaving for a child of the box is not leaving the box.
          if (!(event.currentTarget as HTMLElement).contains(event.relatedTarget as Node | null)) setDragging(false);
        }}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          take(event.dataTransfer?.files?.[0]);
        }}
      >
        <label for={fileId}>Your file</label>
        <input
          id={fileId}
          type="file"
          accept=".csv,.json,.jsonl,.zip,.txt,text/csv,application/json,application/zip"
          onChange={(event) => take((event.currentTarget as HTMLInputElement).files?.[0])}
        />
        <p class="import-drop-hint">{file ? `${file.name} · ${byteSize(file.size)}` : 'Or drop it here.'}</p>
      </div>
      <label for={formatId}>Format</label>
      <select id={formatId} value={format} aria-describedby={helpId} onChange={(event) => setFormat((event.currentTarget as HTMLSelectElement).value as UploadFormat)}>
        {FORMATS.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
      <div id={helpId} class="import-help">
        {format === 'auto' ? (
          <dl>
            {FORMATS.slice(1).map((choice) => (
              <div key={choice.value}>
                <dt>{choice.label}</dt>
                <dd>{choice.help}</dd>
              </div>
            ))}
          </dl>
        ) : (
          <p>{chosenFormat.help}</p>
        )}
      </div>
      <p class="import-promise">Nothing is written until you have seen what matched and confirmed.</p>
      <div>
        <button type="submit" class="button primary" disabled={pending}>
          {pending ? 'Sending…' : 'Read the file'}
        </button>
      </div>
      <FormMessage message={error} />
    </form>
  );
}
