import { useAuth } from '../../auth/AuthContext';
import { LoginInvitation } from '../../components/LoginPrompt';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { FeedList } from './FeedList';
import './social.css';

/** /feed: what the members and artists one follows did, newest first. */
export function FeedPage() {
  const { user } = useAuth();
  useDocumentTitle('Feed');
  return (
    <section class="social-page" data-screen="feed">
      <h1>Feed</h1>
      {user ? <FeedList /> : <LoginInvitation reason="to see your feed." />}
    </section>
  );
}
