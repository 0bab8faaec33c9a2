import { api } from './client';
import type { components } from './schema';
import type { Me, Session } from './types';

export type { Me };

/** What the forms send: the server's bodies with every field filled in (an invite code only when there is one). */
export type SignUpForm = Required<Omit<components['schemas']['SignUp'], 'inviteCode'>> & Pick<components['schemas']['SignUp'], 'inviteCode'>;
export type LogInForm = Required<components['schemas']['LogIn']>;

export type SignInOptions = components['schemas']['SignInOptions'];
export type LinkMailed = components['schemas']['LinkMailed'];

export const authApi = {
  /** A session, or (when sign-ups are confirmed by mail) what to do next. */
  signUp: (form: SignUpForm) => api<Session | LinkMailed>('/auth/signup', { method: 'POST', body: form }),
  confirmSignUp: (token: string) => api<Session>('/auth/confirm-sign-up', { method: 'POST', body: { token } }),
  confirmEmail: (token: string) => api<Me>('/auth/confirm-email', { method: 'POST', body: { token } }),
  logIn: (form: LogInForm) => api<Session>('/auth/login', { method: 'POST', body: form }),
  logOut: () => api<void>('/auth/logout', { method: 'POST' }),
  me: (signal?: AbortSignal) => api<Me>('/auth/me', { signal }),
  signInOptions: (signal?: AbortSignal) => api<SignInOptions>('/site/sign-in', { signal }),
  forgotPassword: (email: string) =>
    api<components['schemas']['ResetAsked']>('/auth/forgot-password', { method: 'POST', body: { email } }),
  resetPassword: (token: string, newPassword: string) =>
    api<void>('/auth/reset-password', { method: 'POST', body: { token, newPassword } }),
  /** The provider's address to send the browser to; `link` links it to the signed-in account instead. */
  startSignOn: (start: components['schemas']['StartSignOn']) =>
    api<components['schemas']['SignOnStarted']>('/auth/sign-on/start', { method: 'POST', body: start }),
  finishSignOn: (code: string, state: string) =>
    api<components['schemas']['SignedOn']>('/auth/sign-on/finish', { method: 'POST', body: { code, state } }),
  signOnSettings: (signal?: AbortSignal) => api<components['schemas']['SignOnSettings']>('/settings/sign-on', { signal }),
  unlinkSignOn: (issuer: string, subject: string) =>
    api<void>('/settings/sign-on/unlink', { method: 'POST', body: { issuer, subject } }),
};
