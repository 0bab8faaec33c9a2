import { Link } from 'wouter-preact';
import { useAuth } from '../../auth/AuthContext';
import { LoginInvitation } from '../../components/LoginPrompt';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { DownloadMyData } from '../profile/DownloadMyData';
import { CommunitySettingsSection } from '../social/CommunitySettingsSection';
import { CalendarSection } from './CalendarSection';
import { DeleteAccount } from './DeleteAccount';
import { EmailForm, PasswordForm, UsernameForm } from './AccountForms';
import { InvitesSection } from './InvitesSection';
import { MailSection } from './MailSection';
import { MusicPlayerSection } from './MusicPlayerSection';
import { SessionList } from './SessionList';
import { SignOnSection } from './SignOnSection';
import './account.css';

/** /settings/account: the member's name, email, password, sessions, feed and notification settings, notification mail, blocks, invites, imports, music player, release calendar, data and account. */
export function AccountPage() {
  const { user } = useAuth();
  useDocumentTitle('Account');
  return (
    <section class="account-page" data-screen="account">
      <h1>Account</h1>
      {user ? (
        <>
          <UsernameForm current={user.username} />
          <EmailForm current={user.email} />
          <PasswordForm />
          <SignOnSection />
          <SessionList />
          <CommunitySettingsSection />
          <MailSection email={user.email} />
          <InvitesSection user={user} />
          <ImportLink />
          <MusicPlayerSection />
          <CalendarSection />
          <DownloadMyData />
          <DeleteAccount />
        </>
      ) : (
        <LoginInvitation reason="to manage your account." />
      )}
    </section>
  );
}

/** Where a member brings ratings in from other sites (and takes them out as a CSV). */
function ImportLink() {
  return (
    <section class="account-section" aria-labelledby="account-import">
      <h2 id="account-import">Bring your ratings</h2>
      <p>
        Ratings, collection and listening history from Rate Your Music, Discogs, Last.fm, ListenBrainz or another halfstar site:{' '}
        <Link href="/settings/import">Import my data</Link>.
      </p>
    </section>
  );
}
