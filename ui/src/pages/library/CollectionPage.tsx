import { Link, Redirect, useRouter, useSearch } from 'wouter-preact';
import { communityApi } from '../../api/community';
import { useViewerQuery } from '../../api/queries';
import { useAuth } from '../../auth/AuthContext';
import { ErrorNote, Loading } from '../../components/QueryState';
import { useProfileUser, useUserRatings } from '../profile/profileQueries';
import { LibraryView } from './LibraryView';
import { LoginInvitation } from '../../components/LoginPrompt';
import { useDocumentTitle } from '../../lib/useDocumentTitle';

/**
 * /collection: a member's collection (their rated albums and wishlist) in a tile
 * grid, by year and then rating. `?user=NAME` shows anyone's; without it, the
 * signed-in member's own.
 */
export function CollectionPage() {
  const { user } = useAuth();
  const asked = new URLSearchParams(useSearch()).get('user');
  const username = asked ?? user?.username ?? null;
  useDocumentTitle(username ? `${username}'s Collection` : 'Collection');
  return (
    <section class="library-page" data-screen="collection">
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
  const wishlist = useViewerQuery(
    ['user-wishlist', owner.data?.userId ?? 0],
    () => communityApi.wishlist(owner.data!.userId),
    owner.data != null,
  );
  if (owner.isPending) return <Loading label="Loading Albums..." />;
  if (owner.isError) return <ErrorNote error={owner.error} />;
  return (
    <>
      <h1>
        <Link href={`/user/${encodeURIComponent(owner.data.username)}`}>{owner.data.username}</Link>'s Collection
      </h1>
      <LibraryView ratings={ratings} wishlist={wishlist} initial={{ grouping: 'year', secondary: 'rating' }} grid="collection-grid" owner={owner.data.username} />
    </>
  );
}

/**
 * /list, the collection's first address (links and bookmarks made before
 * lists took /list/...): sent on to /collection with its query as typed.
 */
export function OldCollectionAddress() {
  const router = useRouter();
  const search = router.searchHook(router);
  return <Redirect to={search ? `/collection?${search}` : '/collection'} replace />;
}
