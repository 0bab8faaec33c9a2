// Every call to the server goes through here, so each one carries the
// session token and every failure arrives as an ApiError with the server's message.

const TOKEN_KEY = 'halfstar.token';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const tokenStore = {
  get(): string | null {
    try {
      return localStorage.getItem(TOKEN_KEY);
    } catch {
      return null;
    }
  },
  set(token: string | null) {
    try {
      if (token) localStorage.setItem(TOKEN_KEY, token);
      else localStorage.removeItem(TOKEN_KEY);
    } catch {
      // Private modes may refuse storage; the session then lasts as long as the page.
    }
  },
};

type SessionListener = () => void;
const sessionEndedListeners = new Set<SessionListener>();

/**
 * Calls `listener` when the server refuses the token a call carried (expired,
 * signed out elsewhere, password reset): the session is over on this tab too.
 * Returns the unsubscribe function.
 */
export function onSessionEnded(listener: SessionListener): () => void {
  sessionEndedListeners.add(listener);
  return () => sessionEndedListeners.delete(listener);
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
}

export async function api<T>(path: string, { method = 'GET', body, signal }: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = tokenStore.get();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, "Couldn't reach the server. Check your connection and try again.");
  }

  if (response.status === 204) return undefined as T;
  const text = await response.text();
  let payload: unknown = undefined;
  if (text) {
    try {
      payload = JSON.parse(text);
    } catch {
      payload = undefined;
    }
  }
  if (response.status === 401 && token != null && tokenStore.get() === token) {
    tokenStore.set(null);
    sessionEndedListeners.forEach((listener) => listener());
  }
  if (!response.ok) {
    const message =
      payload && typeof payload === 'object' && typeof (payload as { message?: unknown }).message === 'string'
        ? (payload as { message: string }).message
        : `The server answered ${response.status}.`;
    throw new ApiError(response.status, message);
  }
  return payload as T;
}
