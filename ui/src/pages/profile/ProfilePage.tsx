import { useEffect } from 'react';
import { Link, useLocation } from 'wouter-preact';
import { ApiError } from '../../api/client';
import { useAuth } from '../../auth/AuthContext';
import { profilePath } from '../../components/Header';
import { InNextTask } from '../../components/InNextTask';
import { ErrorNote, Loading } from '../../components/QueryState';
import { ReportButton } from '../../components/Report';
import { routeParam } from '../../lib/routeParam';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { CompatibilityPanel } from '../social/CompatibilityPanel';
import { ProfileSocial } from '../social/ProfileSocial';
import { DownloadMyData } from './DownloadMyData';
import { ProfileTabs } from './ProfileTabs';
import { ProfileYears } from './ProfileYears';
import { ProfileVisual } from './ProfileVisual';
import { StatCard } from './StatCard';
import { useProfileStats, useProfileUser } from './profileQueries';
import './profile.css';

/** /user/{username}: the member's picture or charts, their figures, and tabs of what they did. */
export function ProfilePage({ params }: { params: Record<string, string | undefined> }) {
  const username = routeParam(params.username);
  const user = useProfileUser(username);
  const stats = useProfileStats(username);
  const { user: me } = useAuth();
  useDocumentTitle(username);
  const [, navigate] = useLocation();
  // A member who changed their name is found by the old one: show the new address.
  const current = user.data?.username;
  useEffect(() => {
    if (current && current.toLowerCase() !== username.toLowerCase()) {
      navigate(profilePath(current), { replace: true });
    }
  }, [current, username, navigate]);

  let body;
  if (user.isPending || stats.isPending) {
    body = <Loading label="Profile Loading..." />;
  } else if (user.isError || stats.isError) {
    const error = user.error ?? stats.error;
    body =
      error instanceof ApiError && error.status === 404 ? (
        <ErrorNote error={new Error(`There is no member called ${username}.`)} />
      ) : (
        <ErrorNote error={error} />
      );
  } else {
    body = (
      <>
        <div class="profile-top">
          <ProfileVisual user={user.data} stats={stats.data} />
          <div class="profile-summary">
            <h1>{user.data.username}</h1>
            <ProfileSocial username={user.data.username} />
            <StatCard stats={stats.data} />
            <p class="profile-links">
              <Link href={`/collection?user=${encodeURIComponent(user.data.username)}`} class="profile-collection-link">
                {me?.userId === user.data.userId ? 'My collection' : `${user.data.username}'s collection`}
              </Link>
              <Link href={`/user/${encodeURIComponent(user.data.username)}/diary`} class="profile-collection-link">
                {me?.userId === user.data.userId ? 'My diary' : `${user.data.username}'s diary`}
              </Link>
            </p>
            <ProfileYears username={user.data.username} />
            {me?.userId === user.data.userId && <DownloadMyData />}
            <ReportButton kind="profile" id={user.data.userId} authorId={user.data.userId} />
          </div>
        </div>
        <InNextTask>
          <CompatibilityPanel username={user.data.username} />
          <ProfileTabs username={user.data.username} stats={stats.data} />
        </InNextTask>
      </>
    );
  }
  return (
    <section class="profile-page" data-screen="profile">
      {body}
    </section>
  );
}
