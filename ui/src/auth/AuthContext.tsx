import { createContext, type ComponentChildren } from 'preact';
import { useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError, onSessionEnded, tokenStore } from '../api/client';
import { authApi, type LogInForm, type Me, type SignUpForm } from '../api/auth';
import { forgetViewerAnswers } from '../api/viewerCache';

export interface AuthState {
  user: Me | null;
  signUp(form: SignUpForm): Promise<Me>;
  logIn(form: LogInForm): Promise<Me>;
  logOut(): Promise<void>;
  /** The member's own record changed (a new email or username). */
  replaceUser(me: Me): void;
  /** The server has ended this session (signed out everywhere, account deleted). */
  forgetSession(): void;
}

const AuthContext = createContext<AuthState | undefined>(undefined);

export function AuthProvider({ children }: { children: ComponentChildren }) {
  // undefined until the first answer: nothing renders before the auth state is known,
  // so no page flashes its signed-out form to a signed-in user.
  const [user, setUser] = useState<Me | null | undefined>(() => (tokenStore.get() ? undefined : null));
  const client = useQueryClient();

  /** Every change of viewer goes through here, so no answer of the last one survives it. */
  const becomeViewer = useCallback(
    (next: Me | null) => {
      forgetViewerAnswers(client);
      setUser(next);
    },
    [client],
  );

  // A token the server stops accepting ends the session on this tab.
  useEffect(() => onSessionEnded(() => becomeViewer(null)), [becomeViewer]);

  useEffect(() => {
    if (user !== undefined) return;
    const controller = new AbortController();
    authApi
      .me(controller.signal)
      .then(setUser)
      .catch((error) => {
        if (controller.signal.aborted) return;
        // A dead token is forgotten; an unreachable server keeps it for the next visit.
        if (error instanceof ApiError && error.status === 401) tokenStore.set(null);
        setUser(null);
      });
    return () => controller.abort();
  }, [user]);

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
      const session = await authApi.signUp(form);
      return start(session.token, session.user);
    },
    [start],
  );

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

  const replaceUser = useCallback((me: Me) => setUser(me), []);
  const forgetSession = useCallback(() => {
    tokenStore.set(null);
    becomeViewer(null);
  }, [becomeViewer]);

  const value = useMemo(
    () => (user === undefined ? undefined : { user, signUp, logIn, logOut, replaceUser, forgetSession }),
    [user, signUp, logIn, logOut, replaceUser, forgetSession],
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
