// Reports and the admin's queue, warnings, staff counts, catalogue history and change requests.
import { api } from './client';
import type {
  ChangeRequest,
  EntityKind,
  ItemKind,
  ReportedItem,
  ReportReason,
  Resolution,
  Revision,
  StaffCounts,
  Warning,
} from './types';

export type { ChangeRequest, EntityKind, ItemKind, ReportedItem, ReportReason, Resolution, Revision, StaffCounts, Warning } from './types';

/** What an admin sends to close an item's reports; each action reads only its own fields. */
export interface Resolve {
  itemKind: ItemKind;
  itemId: number;
  action: Resolution;
  note: string;
  message?: string;
  days?: number | null;
  reason?: string;
}

/** What a moderator can hide: anything a member wrote (a profile is suspended instead). */
export type HideableKind = Exclude<ItemKind, 'profile'>;

/** An album's or artist's fields as an edit sends them. */
export type CatalogueFields = Record<string, unknown>;

export const moderationApi = {
  report: (itemKind: ItemKind, itemId: number, reason: ReportReason, note: string) =>
    api<{ reportId: number }>('/reports', { method: 'POST', body: { itemKind, itemId, reason, note } }),
  queue: (signal?: AbortSignal) => api<{ items: ReportedItem[] }>('/admin/reports', { signal }),
  resolve: (body: Resolve) => api<{ closed: number }>('/admin/reports/resolve', { method: 'POST', body }),
  /** Hides an item, or shows it again, outside the queue. */
  setHidden: (itemKind: HideableKind, itemId: number, hidden: boolean, note: string) =>
    api<{ hidden: boolean }>('/admin/visibility', { method: 'POST', body: { itemKind, itemId, hidden, note } }),
  counts: (signal?: AbortSignal) => api<StaffCounts>('/admin/counts', { signal }),
  warnings: (signal?: AbortSignal) => api<{ warnings: Warning[] }>('/auth/warnings', { signal }),
  seen: (warningId: number) => api<void>(`/auth/warnings/${warningId}/seen`, { method: 'POST' }),
  history: (kind: EntityKind, id: number, signal?: AbortSignal) =>
    api<{ revisions: Revision[] }>(`/${kind}/${id}/history`, { signal }),
  revert: (revisionId: number, note: string) =>
    api<Revision>(`/revisions/${revisionId}/revert`, { method: 'POST', body: { note } }),
  suggest: (entityKind: EntityKind, entityId: number, fields: CatalogueFields, note: string) =>
    api<{ requestId: number }>('/change-requests', { method: 'POST', body: { entityKind, entityId, fields, note } }),
  requests: (signal?: AbortSignal) => api<{ requests: ChangeRequest[] }>('/change-requests', { signal }),
  decide: (requestId: number, decision: 'accept' | 'decline', note: string) =>
    api<ChangeRequest>(`/change-requests/${requestId}/${decision}`, { method: 'POST', body: { note } }),
};
