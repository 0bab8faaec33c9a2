/** What ShowMore needs of a paged list (usePagedList's answer). */
interface PagedList {
  items: unknown[];
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * Under a paged list: how much of it is shown out of its true total, and a
 * button for the next page while there is one.
 */
export function ShowMore({ list, total, shown = list.items.length }: { list: PagedList; total?: number; shown?: number }) {
  if (!list.hasNextPage && (total == null || shown >= total)) return null;
  return (
    <div class="show-more">
      {total != null && (
        <span class="show-more-count" aria-live="polite">
          Showing {shown} of {total}
        </span>
      )}
      {list.hasNextPage && (
        <button type="button" class="button" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
          {list.isFetchingNextPage ? 'Loading…' : 'Show more'}
        </button>
      )}
    </div>
  );
}
