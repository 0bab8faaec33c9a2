import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation } from 'wouter-preact';
import { listsApi, type ListPage, type ListSummary } from '../../api/lists';
import { useListPageKey } from '../../api/listQueries';
import { refreshAfterWrite } from '../../api/viewerCache';
import { Dialog } from '../../components/Dialog';
import { profilePath } from '../../components/Header';
import { SubmitRow, Saved } from '../../components/SubmitRow';
import { useSave } from '../../lib/useFormFields';
import { ListFields, type ListDetails } from './ListFields';

function detailsOf(list: ListSummary): ListDetails {
  return { title: list.title, description: list.description, ranked: list.ranked, visibility: list.visibility };
}

/** What changed, so a save sends only that (and nothing when nothing did). */
export function changedDetails(before: ListDetails, after: ListDetails): Partial<ListDetails> {
  const changes: Partial<ListDetails> = {};
  if (after.title.trim() !== before.title) changes.title = after.title.trim();
  if (after.description.trim() !== before.description) changes.description = after.description.trim();
  if (after.ranked !== before.ranked) changes.ranked = after.ranked;
  if (after.visibility !== before.visibility) changes.visibility = after.visibility;
  return changes;
}

/** The author's edit mode for the list itself: its title, description, order and visibility; deleting it. */
export function ListEditor({ page }: { page: ListPage }) {
  const client = useQueryClient();
  const key = useListPageKey(page.list.listId);
  const [details, setDetails] = useState(() => detailsOf(page.list));
  const { pending, error, saved, onSubmit } = useSave(async () => {
    const changes = changedDetails(detailsOf(page.list), details);
    if (Object.keys(changes).length === 0) return 'Nothing to save.';
    const list = await listsApi.update(page.list.listId, changes);
    client.setQueryData<ListPage>(key, (old) => old && { ...old, list });
    setDetails(detailsOf(list));
    // Its title, visibility and dates show on the profile, album pages and home.
    void refreshAfterWrite(client);
    return 'Saved.';
  });
  return (
    <section class="list-editor" aria-label="Edit list">
      <form class="form" onSubmit={onSubmit}>
        <ListFields details={details} onChange={setDetails} />
        <SubmitRow pending={pending} error={error} label="Save changes" />
        <Saved message={saved} />
      </form>
      <DeleteList page={page} />
    </section>
  );
}

/** "Delete list", confirmed in a dialog; then the author's profile. Admins may delete any list. */
export function DeleteList({ page }: { page: ListPage }) {
  const client = useQueryClient();
  const [, navigate] = useLocation();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState('');
  const [pending, setPending] = useState(false);
  const remove = async () => {
    setError('');
    setPending(true);
    try {
      await listsApi.remove(page.list.listId);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      setPending(false);
      return;
    }
    // Its page would now be a 404: it goes before anything refetches it.
    client.removeQueries({ predicate: (query) => query.queryKey[0] === 'list' && query.queryKey[1] === page.list.listId });
    void refreshAfterWrite(client);
    navigate(profilePath(page.list.author.username), { replace: true });
  };
  return (
    <>
      <button type="button" class="button danger" onClick={() => setConfirming(true)}>
        Delete list
      </button>
      {confirming && (
        <Dialog title="Delete this list?" onClose={() => setConfirming(false)}>
          <p>
            “{page.list.title}” goes with its notes, likes and comments. The albums stay in the catalogue. This cannot be
            undone.
          </p>
          <div class="dialog-actions">
            <button type="button" class="button" onClick={() => setConfirming(false)}>
              Cancel
            </button>
            <button type="button" class="button danger" disabled={pending} onClick={remove}>
              Delete
            </button>
          </div>
          {error && (
            <p class="form-error" role="alert">
              {error}
            </p>
          )}
        </Dialog>
      )}
    </>
  );
}
