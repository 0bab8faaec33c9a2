import { Link } from 'wouter-preact';
import { useUserLists } from '../../api/listQueries';
import { useAuth } from '../../auth/AuthContext';
import { ListCard } from '../../components/ListCard';
import { Empty, ErrorNote, Loading } from '../../components/QueryState';

/**
 * The member's lists, newest updated first: the public ones for everyone,
 * and on their own profile their unlisted and private ones too (marked).
 */
export function ListsTab({ username }: { username: string }) {
  const { user } = useAuth();
  const lists = useUserLists(username);
  const own = user != null && user.username.toLowerCase() === username.toLowerCase();
  const newList = own && (
    <Link href="/add-list" class="button primary">
      New list
    </Link>
  );
  if (lists.isPending) return <Loading label="Loading lists…" />;
  if (lists.isError) return <ErrorNote error={lists.error} />;
  return (
    <section class="profile-section" aria-label={`${username}'s lists`}>
      {lists.data.length === 0 ? (
        <Empty>{own ? "You haven't made any lists yet." : "This user hasn't made any public lists."}</Empty>
      ) : (
        <div class="list-grid">
          {lists.data.map((list) => (
            <ListCard key={list.listId} list={list} showAuthor={false} />
          ))}
        </div>
      )}
      {newList && <p class="profile-lists-new">{newList}</p>}
    </section>
  );
}
