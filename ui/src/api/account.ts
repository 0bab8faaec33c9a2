import { api } from './client';
import type { components } from './schema';
import type { Me, SessionView } from './types';

/** The signed-in member's own account: sessions, password, email, username, deletion. */
export const accountApi = {
  sessions: (signal?: AbortSignal) => api<SessionView[]>('/auth/sessions', { signal }),
  endSession: (sessionId: string) => api<void>(`/auth/sessions/${encodeURIComponent(sessionId)}`, { method: 'DELETE' }),
  endEverySession: () => api<void>('/auth/sessions', { method: 'DELETE' }),
  changePassword: (currentPassword: string, newPassword: string) =>
    api<void>('/auth/password', { method: 'PUT', body: { currentPassword, newPassword } }),
  /** The member as now (no mail), or what to do next (the new address confirms by its link). */
  changeEmail: (email: string, password: string) =>
    api<Me | components['schemas']['LinkMailed']>('/auth/email', { method: 'PUT', body: { email, password } }),
  changeUsername: (username: string) => api<Me>('/auth/username', { method: 'PUT', body: { username } }),
  deleteAccount: (password: string) => api<void>('/auth/delete-account', { method: 'POST', body: { password } }),
  mailStatus: (signal?: AbortSignal) => api<components['schemas']['MailStatus']>('/settings/mail', { signal }),
  chooseMail: (change: components['schemas']['MailChange']) =>
    api<components['schemas']['MailStatus']>('/settings/mail', { method: 'PUT', body: change }),
  /** What a mailed unsubscribe link turns off (asking changes nothing), and turning it off: no sign-in needed. */
  mailSubscription: (token: string, signal?: AbortSignal) =>
    api<components['schemas']['MailSubscription']>(`/mail/unsubscribe/${encodeURIComponent(token)}`, { signal }),
  unsubscribe: (token: string) =>
    api<components['schemas']['MailSubscription']>(`/mail/unsubscribe/${encodeURIComponent(token)}`, { method: 'POST' }),
};

/** The query of the member's mail settings, shared by the note on their address and the mail section. */
export const mailStatusKey = (email: string) => ['mail-status', email] as const;
