import type { ComponentChildren } from 'preact';
import { useDocumentTitle } from '../lib/useDocumentTitle';

/** The centred card of the log-in and sign-up pages. */
export function AuthCard({ screen, title, children }: { screen: string; title: string; children: ComponentChildren }) {
  useDocumentTitle(title);
  return (
    <section class="auth-page" data-screen={screen}>
      <div class="auth-card">
        <h1>{title}</h1>
        {children}
      </div>
    </section>
  );
}

export function FormMessage({ message }: { message: string }) {
  if (!message) return null;
  return (
    <p class="form-error" role="alert">
      {message}
    </p>
  );
}
