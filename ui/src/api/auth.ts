import { api } from './client';

export type Role = 'user' | 'editor' | 'admin';

export interface PublicUser {
  userId: number;
  username: string;
  createdAt: string;
  profilePictureUrl: string;
  role: Role;
}

/** The signed-in user as they see themselves. */
export interface Me extends PublicUser {
  email: string;
}

export interface Session {
  token: string;
  user: Me;
}

export interface SignUpForm {
  username: string;
  email: string;
  password: string;
  profilePictureUrl: string;
}

export interface LogInForm {
  username: string;
  email: string;
  password: string;
}

export const authApi = {
  signUp: (form: SignUpForm) => api<Session>('/auth/signup', { method: 'POST', body: form }),
  logIn: (form: LogInForm) => api<Session>('/auth/login', { method: 'POST', body: form }),
  logOut: () => api<void>('/auth/logout', { method: 'POST' }),
  me: (signal?: AbortSignal) => api<Me>('/auth/me', { signal }),
};
