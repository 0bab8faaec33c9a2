import { api } from './client';
import type { CalendarLinkState, NewCalendarLink } from './types';

/** The member's private calendar link: the albums to come of the artists they follow. */
export const calendarApi = {
  link: (signal?: AbortSignal) => api<CalendarLinkState>('/settings/calendar', { signal }),
  makeLink: () => api<NewCalendarLink>('/settings/calendar', { method: 'POST' }),
  revokeLink: () => api<void>('/settings/calendar', { method: 'DELETE' }),
};
