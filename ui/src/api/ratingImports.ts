// Bringing a member's ratings in from another site (issue 24), and taking
// them out again: the upload, the job the server reads it in, the preview's
// rows, the member's choices, the confirmation, the "Listened, not yet
// rated" queue the scrobble imports fill, and the downloads. One typed
// function per call.
import { api, ApiError, tokenStore } from './client';
import type { ImportJob, ImportRow, ImportRowPage, ImportRowStatus, ListenedPage } from './types';

export type {
  ImportCandidate,
  ImportCounts,
  ImportEffects,
  ImportFormat,
  ImportJob,
  ImportResult,
  ImportRow,
  ImportRowPage,
  ImportRowStatus,
  ImportShelf,
  ImportStatus,
  ListenedAlbum,
  ListenedPage,
} from './types';

/** The format the member picks on the upload form ('auto': the server tells from the bytes and the name). */
export type UploadFormat = 'auto' | 'rym' | 'discogs' | 'lastfm' | 'listenbrainz' | 'halfstar';

/** The server's limit on an upload (it answers 413 beyond). */
export const MAX_UPLOAD_BYTES = 64 * 1024 * 1024;

/** How many preview rows one "Show more" brings. */
export const ROWS_PAGE = 50;

function authorization(): Record<string, string> {
  const token = tokenStore.get();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/** The server's `{"message"}` of a refused call, or a sentence naming its status. */
async function refusal(response: Response): Promise<ApiError> {
  let message = `The server answered ${response.status}.`;
  try {
    const payload = JSON.parse(await response.text()) as { message?: unknown };
    if (typeof payload.message === 'string') message = payload.message;
  } catch {
    // Not JSON (a proxy's page): the status has to do.
  }
  if (response.status === 429) {
    const wait = Number(response.headers.get('Retry-After'));
    if (wait > 0 && !/\d/.test(message)) message = `${message} Try again in ${wait} seconds.`;
  }
  return new ApiError(response.status, message);
}

async function send(path: string, init: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(`/api${path}`, init);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, "Couldn't reach the server. Check your connection and try again.");
  }
  if (!response.ok) throw await refusal(response);
  return response;
}

/** A download that needs the member's token: its bytes, and the name the server gave it. */
export interface Download {
  name: string;
  blob: Blob;
}

/** The file name of a Content-Disposition header, or `fallback`. */
export function dispositionName(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (encoded) {
    try {
      return decodeURIComponent(encoded[1].trim());
    } catch {
      // Fall through to the plain name.
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(header);
  return plain ? plain[1].trim() : fallback;
}

async function download(path: string, fallback: string): Promise<Download> {
  const response = await send(path, { headers: authorization() });
  return { name: dispositionName(response.headers.get('Content-Disposition'), fallback), blob: await response.blob() };
}

const job = (importId: string) => `/import/ratings/${encodeURIComponent(importId)}`;

export const ratingImportsApi = {
  /** Sends the file's bytes as they are; the server reads them in the background. */
  upload: async (file: Blob, fileName: string, format: UploadFormat): Promise<ImportJob> => {
    const query = new URLSearchParams({ format, fileName });
    const response = await send(`/import/ratings?${query}`, {
      method: 'POST',
      body: file,
      headers: { 'Content-Type': 'application/octet-stream', Accept: 'application/json', ...authorization() },
    });
    return (await response.json()) as ImportJob;
  },
  /** The member's import in progress or waiting for them; null when there is none. */
  current: (signal?: AbortSignal): Promise<ImportJob | null> =>
    api<ImportJob | null>('/import/ratings/current', { signal }),
  /** One import; null when it is gone (discarded, expired, or the server restarted). */
  job: async (importId: string, signal?: AbortSignal): Promise<ImportJob | null> => {
    try {
      return await api<ImportJob>(job(importId), { signal });
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  },
  discard: (importId: string) => api<void>(job(importId), { method: 'DELETE' }),
  rows: (importId: string, status: ImportRowStatus, offset: number, limit = ROWS_PAGE, signal?: AbortSignal) =>
    api<ImportRowPage>(`${job(importId)}/rows?status=${status}&offset=${offset}&limit=${limit}`, { signal }),
  /** The album the member picked for a row, or null for none of the candidates. */
  choose: (importId: string, row: number, albumId: number | null) =>
    api<ImportRow>(`${job(importId)}/rows/${row}`, { method: 'PUT', body: { albumId } }),
  acceptBest: (importId: string) => api<ImportJob>(`${job(importId)}/accept-best`, { method: 'POST' }),
  rematch: (importId: string) => api<ImportJob>(`${job(importId)}/rematch`, { method: 'POST' }),
  confirm: (importId: string, fileWins: boolean) =>
    api<ImportJob>(`${job(importId)}/confirm`, { method: 'POST', body: { fileWins } }),
  missingCsv: (importId: string) => download(`${job(importId)}/missing.csv`, 'not-in-the-catalogue-yet.csv'),

  listened: (offset: number, limit: number, signal?: AbortSignal) =>
    api<ListenedPage>(`/user/me/listened?offset=${offset}&limit=${limit}`, { signal }),
  notInterested: (albumId: number) => api<void>(`/user/me/listened/${albumId}`, { method: 'DELETE' }),

  exportCsv: () => download('/user/me/export/ratings.csv', 'halfstar-ratings.csv'),
  exportJson: () => download('/user/me/export', 'halfstar-export.json'),
};

/** True while the server is still working on the file: the page polls it then. */
export function isWorking(status: ImportJob['status']): boolean {
  return status === 'reading' || status === 'matching' || status === 'writing';
}

