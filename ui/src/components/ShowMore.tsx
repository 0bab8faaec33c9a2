/**
 * Under a paged list: how much of it is shown, and a button for the next
 * page while there is one.
 */
export function ShowMore({
  shown,
  total,
  hasMore,
  loading,
  onMore,
}: {
  shown: number;
  total?: number;
  hasMore: boolean;
  loading: boolean;
  onMore: () => void;
}) {
  if (!hasMore && (total == null || shown >= total)) return null;
  return (
    <div class="show-more">
      {total != null && (
        <span class="show-more-count" aria-live="polite">
          Showing {shown} of {total}
        </span>
      )}
      {hasMore && (
        <button type="button" class="button" onClick={onMore} disabled={loading}>
          {loading ? 'Loading…' : 'Show more'}
        </button>
      )}
    </div>
  );
}
