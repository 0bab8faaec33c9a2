import type { Me } from '../api/auth';

const MEMBER_KEY = 'halfstar.member';

/**
 * The signed-in member as the server last described them, kept beside the
 * session token so a returning member's page starts at once, signed in, while
 * the server confirms the session (and then brings the record up to date).
 */
export const rememberedMember = {
  get(): Me | null {
    try {
      const kept = localStorage.getItem(MEMBER_KEY);
      const member: unknown = kept ? JSON.parse(kept) : null;
      return isMember(member) ? member : null;
    } catch {
      return null;
    }
  },
  set(member: Me | null) {
    try {
      if (member) localStorage.setItem(MEMBER_KEY, JSON.stringify(member));
      else localStorage.removeItem(MEMBER_KEY);
    } catch {
      // Private modes may refuse storage: the page then waits for the server, as on a first visit.
    }
  },
};

/** A record kept by an older release, or edited by hand, is not trusted to start a page. */
function isMember(value: unknown): value is Me {
  if (typeof value !== 'object' || value === null) return false;
  const member = value as Partial<Me>;
  return typeof member.userId === 'number' && typeof member.username === 'string' && typeof member.role === 'string';
}
