import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { listsApi, type ListPage } from '../../api/lists';
import { refreshListSummaries, useListPageKey } from '../../api/listQueries';
import { moveEntry, removeEntry } from './order';

/** A page with its entries replaced, and the summary's count following them. */
function withEntries(page: ListPage, entries: ListPage['entries']): ListPage {
  return { ...page, entries, list: { ...page.list, entryCount: entries.length } };
}

/**
 * The author's changes to a list's entries, each shown at once and saved as
 * it is made: a move, a note, a removal. The server applies changes sent
 * close together one after another; its answer replaces the screen's copy
 * once no other change is out. A refused change is undone on screen (when
 * nothing was changed after it; otherwise the list is asked for again) and
 * its message is kept in `error`.
 */
export function useEntryChanges(listId: number) {
  const client = useQueryClient();
  const key = useListPageKey(listId);
  const [error, setError] = useState('');
  const out = useRef(0);
  const made = useRef(0);

  const change = async (describe: string, edit: (page: ListPage) => ListPage, send: () => Promise<ListPage | void>) => {
    const before = client.getQueryData<ListPage>(key);
    if (!before) return false;
    client.setQueryData<ListPage>(key, edit(before));
    // A refetch already under way would bring the old order back over this
    // one; cancelled, its query keeps the copy just set.
    void client.cancelQueries({ queryKey: key });
    const mine = ++made.current;
    out.current += 1;
    setError('');
    try {
      const answer = await send();
      out.current -= 1;
      if (out.current === 0) {
        if (answer) client.setQueryData<ListPage>(key, answer);
        else void client.invalidateQueries({ queryKey: key });
      }
      void refreshListSummaries(client);
      return true;
    } catch (failure) {
      out.current -= 1;
      if (mine === made.current) client.setQueryData<ListPage>(key, before);
      if (out.current === 0) void client.invalidateQueries({ queryKey: key });
      setError(`${describe}: ${failure instanceof Error ? failure.message : String(failure)}`);
      return false;
    }
  };

  return {
    error,
    dismissError: () => setError(''),
    /** Moves the entry to `position` (1-based). */
    move: (entryId: number, title: string, position: number) =>
      change(
        `Couldn't move ${title}`,
        (page) => withEntries(page, moveEntry(page.entries, entryId, position)),
        () => listsApi.updateEntry(listId, entryId, { position }),
      ),
    note: (entryId: number, title: string, note: string) =>
      change(
        `Couldn't save the note on ${title}`,
        (page) => withEntries(page, page.entries.map((entry) => (entry.entryId === entryId ? { ...entry, note } : entry))),
        () => listsApi.updateEntry(listId, entryId, { note }),
      ),
    remove: (entryId: number, title: string) =>
      change(
        `Couldn't remove ${title}`,
        (page) => withEntries(page, removeEntry(page.entries, entryId)),
        () => listsApi.removeEntry(listId, entryId),
      ),
  };
}
