// The site's sign-up settings, invites, and the admin page's calls.
import { api } from './client';
import type { components } from './schema';
import { encodeSegment } from './pathSegment';
import type {
  AdminMember,
  AuditPage,
  CheckDone,
  Ended,
  Figures,
  Invite,
  MemberPage,
  ReleaseChecks,
  Role,
  SignupMode,
  SignupSettings,
} from './types';

export type { AdminMember, AuditEntry, AuditPage, Figures, Invite, MemberPage, SignupMode, SignupSettings } from './types';

const member = (username: string) => `/admin/members/${encodeSegment(username)}`;

/** Open to everyone: how a visitor may join. */
export const siteApi = {
  signup: (signal?: AbortSignal) => api<SignupSettings>('/site/signup', { signal }),
};

/** Admins see and revoke everyone's invites; members their own. */
export const inviteApi = {
  list: (signal?: AbortSignal) => api<{ invites: Invite[] }>('/invites', { signal }),
  create: (maxUses: number, expiresInDays: number, email = '') =>
    api<Invite>('/invites', { method: 'POST', body: { maxUses, expiresInDays, email } }),
  revoke: (inviteId: number) => api<void>(`/invites/${inviteId}`, { method: 'DELETE' }),
};

/** Every admin action takes a note, kept in the audit log. */
export const adminApi = {
  mail: (signal?: AbortSignal) => api<components['schemas']['MailOverview']>('/admin/mail', { signal }),
  signOn: (signal?: AbortSignal) => api<components['schemas']['SignOnStatus']>('/admin/sign-on', { signal }),
  members: (q: string, page: number, signal?: AbortSignal) =>
    api<MemberPage>(`/admin/members?${new URLSearchParams({ q, page: String(page) })}`, { signal }),
  setRole: (username: string, role: Role, note: string) =>
    api<AdminMember>(`${member(username)}/role`, { method: 'PUT', body: { role, note } }),
  /** `days` null: for good. */
  suspend: (username: string, days: number | null, reason: string, note: string) =>
    api<AdminMember>(`${member(username)}/suspension`, { method: 'POST', body: { days, reason, note } }),
  liftSuspension: (username: string, note: string) =>
    api<AdminMember>(`${member(username)}/suspension`, { method: 'DELETE', body: { note } }),
  signOut: (username: string, note: string) =>
    api<Ended>(`${member(username)}/sign-out`, { method: 'POST', body: { note } }),
  signup: (signal?: AbortSignal) => api<SignupSettings>('/admin/signup', { signal }),
  setSignup: (mode: SignupMode, membersMayInvite: boolean, note: string) =>
    api<SignupSettings>('/admin/signup', { method: 'PUT', body: { mode, membersMayInvite, note } }),
  audit: (page: number, signal?: AbortSignal) => api<AuditPage>(`/admin/audit?page=${page}`, { signal }),
  figures: (signal?: AbortSignal) => api<Figures>('/admin/figures', { signal }),
  releaseChecks: (signal?: AbortSignal) => api<ReleaseChecks>('/admin/new-releases', { signal }),
  checkNow: (artist: string) => api<CheckDone>('/admin/new-releases/checks', { method: 'POST', body: { artist } }),
};
