import { useQuery } from '@tanstack/react-query';
import { Link, useSearch } from 'wouter-preact';
import { communityApi } from '../../api/community';
import { useAuth } from '../../auth/AuthContext';
import { ErrorNote, Loading } from '../../components/QueryState';
import { useProfileUser, useUserRatings } from '../profile/profileQueries';
import { LibraryView } from './LibraryView';
import { LoginInvitation } from '../../components/LoginPrompt';

/**
 * /list: a member's collection (their rated albums and wishlist) in a tile
 * grid, by year and then rating. `?user=NAME` shows anyone's; without it, the
 * signed-in member's own.
 */
export function CollectionPage() {
  const { user } = useAuth();
  const asked = new URLSearchParams(useSearch()).get('user');
  const username = asked ?? user?.username ?? null;
  return (
    <section class="library-page" data-screen="list">
      {username ? (
        <Collection username={username} />
      ) : (
        <>
          <h1>Collection</h1>
          <LoginInvitation reason="to start building your library." />
        </>
      )}
    </section>
  );
}

function Collection({ username }: { username: string }) {
  const owner = useProfileUser(username);
  const ratings = useUserRatings(username);
  const wishlist = useQuery({
    queryKey: ['user-wishlist', owner.data?.userId ?? 0],
    queryFn: () => communityApi.wishlist(owner.data!.userId),
    enabled: owner.data != null,
  });
  if (owner.isPending) return <Loading label="Loading Albums..." />;
  if (owner.isError) return <ErrorNote error={owner.error} />;
  return (
    <>
      <h1>
        <Link href={`/user/${encodeURIComponent(owner.data.username)}`}>{owner.data.username}</Link>'s Collection
      </h1>
      <LibraryView ratings={ratings} wishlist={wishlist} initial={{ grouping: 'year', secondary: 'rating' }} grid="collection-grid" />
    </>
  );
}
