import type { ComponentChildren } from 'preact';
import { useAuth } from '../auth/AuthContext';
import './creation.css';
import { LoginInvitation } from './LoginPrompt';

/**
 * The frame of a creation page: its title and a card, or, for a visitor,
 * the invitation to log in that the Add menu also gives.
 */
export function CreationPage({
  screen,
  title,
  reason = 'to add to the database.',
  children,
}: {
  screen: string;
  title: string;
  reason?: string;
  children: ComponentChildren;
}) {
  const { user } = useAuth();
  return (
    <section class="creation-page" data-screen={screen}>
      <div class="creation-card">
        <h1>{title}</h1>
        {user ? (
          children
        ) : (
          <LoginInvitation reason={reason} />
        )}
      </div>
    </section>
  );
}
