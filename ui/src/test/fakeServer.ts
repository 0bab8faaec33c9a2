import { vi } from 'vitest';

export interface Call {
  url: string;
  method: string;
  authorization: string | null;
  body: unknown;
}

/**
 * Stubs fetch with a table of `METHOD /path` → [status, body] (a path may
 * end in `*` to match any query string), recording each call.
 */
export function fakeServer(answers: Record<string, [number, unknown?]>) {
  const calls: Call[] = [];
  const answerFor = (method: string, url: string) => {
    const exact = answers[`${method} ${url}`];
    if (exact) return exact;
    const path = url.split('?')[0];
    return answers[`${method} ${path}*`] ?? answers[`${method} ${path}`] ?? [404, { message: 'No API route' }];
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const headers = (init.headers ?? {}) as Record<string, string>;
      calls.push({
        url,
        method,
        authorization: headers.Authorization ?? null,
        body: init.body ? JSON.parse(String(init.body)) : undefined,
      });
      const [status, body] = answerFor(method, url);
      return new Response(status === 204 ? null : JSON.stringify(body), { status });
    }),
  );
  return { calls };
}

export const vera = {
  userId: 1,
  username: 'vinylvera',
  createdAt: '2026-01-02T03:04:05.000Z',
  profilePictureUrl: '',
  role: 'user',
  email: 'vera@example.com',
};
