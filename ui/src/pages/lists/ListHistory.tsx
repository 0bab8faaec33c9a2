import { useState } from 'react';
import { useListHistory } from '../../api/listQueries';
import { Empty, ErrorNote, Loading } from '../../components/QueryState';
import { longDate } from '../../lib/format';

/** The list's history, newest first, asked for only when opened. */
export function ListHistory({ listId }: { listId: number }) {
  const [open, setOpen] = useState(false);
  const history = useListHistory(listId, open);
  return (
    <details class="list-history" onToggle={(event) => setOpen((event.currentTarget as HTMLDetailsElement).open)}>
      <summary>History</summary>
      {open && history.isPending && <Loading label="Loading history…" />}
      {history.isError && <ErrorNote error={history.error} />}
      {history.data?.length === 0 && <Empty>Nothing has happened to this list yet.</Empty>}
      {history.data && history.data.length > 0 && (
        <ol class="list-history-events" aria-label="History">
          {history.data.map((event, index) => (
            <li key={`${event.at}-${index}`}>
              <time dateTime={event.at}>{longDate(event.at)}</time>
              <span>{event.text}</span>
            </li>
          ))}
        </ol>
      )}
    </details>
  );
}
