import { useAuth } from '../../auth/AuthContext';
import { LoginInvitation } from '../../components/LoginPrompt';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { DownloadMyData } from '../profile/DownloadMyData';
import { CommunitySettingsSection } from '../social/CommunitySettingsSection';
import { DeleteAccount } from './DeleteAccount';
import { EmailForm, PasswordForm, UsernameForm } from './AccountForms';
import { InvitesSection } from './InvitesSection';
import { SessionList } from './SessionList';
import './account.css';

/** /settings/account: the member's name, email, password, sessions, feed and notification settings, blocks, invites, data and account. */
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
          <SessionList />
          <CommunitySettingsSection />
          <InvitesSection user={user} />
          <DownloadMyData />
          <DeleteAccount />
        </>
      ) : (
        <LoginInvitation reason="to manage your account." />
      )}
    </section>
  );
}
