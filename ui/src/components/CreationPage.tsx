import type { ComponentChildren } from 'preact';
import { editsCatalogue, useAuth } from '../auth/AuthContext';
import './creation.css';
import { Link } from 'wouter-preact';
import { LoginInvitation } from './LoginPrompt';
import { useDocumentTitle } from '../lib/useDocumentTitle';

/**
 * The frame of a creation page: its title and a card, or, for a visitor,
 * the invitation to log in that the Add menu also gives.
 */
export function CreationPage({
  screen,
  title,
  reason = 'to add to the database.',
  editorsOnly = false,
  children,
}: {
  screen: string;
  title: string;
  reason?: string;
  /** Catalogue pages: a member without the editor role is told so before typing anything. */
  editorsOnly?: boolean;
  children: ComponentChildren;
}) {
  const { user } = useAuth();
  const mayEdit = editsCatalogue(user);
  useDocumentTitle(title);
  return (
    <section class="creation-page" data-screen={screen}>
      <div class="creation-card">
        <h1>{title}</h1>
        {user && editorsOnly && !mayEdit ? (
          <EditorsOnly />
        ) : user ? (
          children
        ) : (
          <LoginInvitation reason={reason} />
        )}
      </div>
    </section>
  );
}

/** Why a member cannot add to the catalogue, and what they can do instead. */
function EditorsOnly() {
  return (
    <div class="creation-editors-only" role="note">
      <p>Adding to the catalogue needs the editor role, and your account doesn't have it yet.</p>
      <p>
        Ask an admin of this site to make you an editor, or suggest the addition to everyone in a{' '}
        <Link href="/add-post">post</Link>: name the artist and album, and link a page about it.
      </p>
    </div>
  );
}
