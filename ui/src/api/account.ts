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
};
