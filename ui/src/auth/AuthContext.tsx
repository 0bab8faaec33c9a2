import { createContext, type ComponentChildren } from 'preact';
import { useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError, onSessionEnded, tokenStore } from '../api/client';
import { authApi, type LogInForm, type Me, type SignUpForm } from '../api/auth';
import type { Session } from '../api/types';
import { forgetViewerAnswers } from '../api/viewerCache';
import { rememberedMember } from './rememberedMember';

export interface AuthState {
  user: Me | null;
  /** The member signed up and in, or (when the site confirms sign-ups by mail) what to do next. */
  signUp(form: SignUpForm): Promise<Me | { mailed: string }>;
  /** Signs in with a session the server just opened (a confirmed sign-up). */
  begin(session: Session): Me;
  logIn(form: LogInForm): Promise<Me>;
  logOut(): Promise<void>;
  /** The member's own record changed (a new email or username). */
  replaceUser(me: Me): void;
  /** The server has ended this session (signed out everywhere, account deleted). */
  forgetSession(): void;
}

const AuthContext = createContext<AuthState | undefined>(undefined);

export function AuthProvider({ children }: { children: ComponentChildren }) {
  // undefined until the auth state is known: nothing renders before it, so no page
  // flashes its signed-out form to a signed-in member. A returning member is known
  // at once from the record kept with the session (rememberedMember).
  const [user, setUser] = useState<Me | null | undefined>(() => (tokenStore.get() ? (rememberedMember.get() ?? undefined) : null));
  const client = useQueryClient();

  /** The member as the server last described them (or no one), kept for the next visit too. */
  const know = useCallback((next: Me | null) => {
    rememberedMember.set(next);
    // The same record again (the session confirmed) keeps the same object, so nothing redraws.
    setUser((known) => (known && next && JSON.stringify(known) === JSON.stringify(next) ? known : next));
  }, []);

  /** Every change of viewer goes through here, so no answer of the last one survives it. */
  const becomeViewer = useCallback(
    (next: Me | null) => {
      forgetViewerAnswers(client);
      know(next);
    },
    [client, know],
  );

  // A token the server stops accepting ends the session on this tab.
  useEffect(() => onSessionEnded(() => becomeViewer(null)), [becomeViewer]);

  // The session is confirmed once per visit, and the kept record brought up to date.
  useEffect(() => {
    const token = tokenStore.get();
    if (!token) return;
    const controller = new AbortController();
    authApi
      .me(controller.signal)
      // A sign-out or another sign-in while the answer came makes it someone else's.
      .then((me) => tokenStore.get() === token && know(me))
      .catch((error) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.status === 401) {
          // A dead token is forgotten, with whatever was shown under it.
          tokenStore.set(null);
          becomeViewer(null);
        } else {
          // An unreachable server keeps the token for the next visit, and the kept record for this one.
          setUser((known) => known ?? null);
        }
      });
    return () => controller.abort();
  }, [becomeViewer, know]);

  const start = useCallback(
    (token: string, me: Me) => {
      tokenStore.set(token);
      becomeViewer(me);
      return me;
    },
    [becomeViewer],
  );

  const signUp = useCallback(
    async (form: SignUpForm) => {
      const answer = await authApi.signUp(form);
      return 'token' in answer ? start(answer.token, answer.user) : { mailed: answer.message };
    },
    [start],
  );
  const begin = useCallback((session: Session) => start(session.token, session.user), [start]);

  const logIn = useCallback(
    async (form: LogInForm) => {
      const session = await authApi.logIn(form);
      return start(session.token, session.user);
    },
    [start],
  );

  const logOut = useCallback(async () => {
    try {
      await authApi.logOut();
    } catch {
      // Signing out locally must work even when the server can't be reached.
    } finally {
      tokenStore.set(null);
      becomeViewer(null);
    }
  }, [becomeViewer]);

  const replaceUser = useCallback((me: Me) => know(me), [know]);
  const forgetSession = useCallback(() => {
    tokenStore.set(null);
    becomeViewer(null);
  }, [becomeViewer]);

  const value = useMemo(
    () => (user === undefined ? undefined : { user, signUp, begin, logIn, logOut, replaceUser, forgetSession }),
    [user, signUp, begin, logIn, logOut, replaceUser, forgetSession],
  );

  if (!value) return <div class="auth-pending" aria-busy="true" />;
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** Adding and editing artists and albums takes the editor role (admins have it too). */
export function editsCatalogue(user: Me | null): boolean {
  return user?.role === 'editor' || user?.role === 'admin';
}

export function useAuth(): AuthState {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth must be used within an AuthProvider');
  return auth;
}
