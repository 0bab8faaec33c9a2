import type { Me } from '../../api/types';
import { useSignupMode } from '../admin/adminQueries';
import { Invites } from '../admin/Invites';

/**
 * A member's invites, when the site is invite-only and lets members invite
 * (admins always may); otherwise nothing.
 */
export function InvitesSection({ user }: { user: Me }) {
  const admin = user.role === 'admin';
  const settings = useSignupMode(!admin);
  const mayInvite = admin || (settings.data?.mode === 'invite' && settings.data.membersMayInvite);
  if (!mayInvite) return null;
  return (
    <section class="account-section" aria-labelledby="account-invites">
      <h2 id="account-invites">Invites</h2>
      <p class="admin-detail">Send a link to someone you'd like to join; each invite lets in as many people as its uses.</p>
      <Invites everyone={admin} headingId="account-invites" />
    </section>
  );
}
