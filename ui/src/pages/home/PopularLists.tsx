import { Link } from 'wouter-preact';
import { usePopularLists } from '../../api/listQueries';
import { useAuth } from '../../auth/AuthContext';
import { ListCard } from '../../components/ListCard';
import { Empty, ErrorNote, Loading } from '../../components/QueryState';

/** The most liked public lists (the newest first among equals). */
export function PopularLists() {
  const { user } = useAuth();
  const lists = usePopularLists();
  return (
    <section class="home-section" aria-labelledby="popular-lists-heading">
      <div class="home-section-heading">
        <h2 id="popular-lists-heading">Popular Lists</h2>
        {user && (
          <Link href="/add-list" class="button">
            New list
          </Link>
        )}
      </div>
      {lists.isPending && <Loading label="Loading lists…" />}
      {lists.isError && <ErrorNote error={lists.error} />}
      {lists.data?.length === 0 && <Empty>Nobody has made a public list yet.</Empty>}
      {lists.data && lists.data.length > 0 && (
        <div class="list-grid">
          {lists.data.map((list) => (
            <ListCard key={list.listId} list={list} />
          ))}
        </div>
      )}
    </section>
  );
}
