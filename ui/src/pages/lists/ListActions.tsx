import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { listPath, listsApi, type ListPage } from '../../api/lists';
import { refreshListSummaries, useListPageKey } from '../../api/listQueries';
import { useAuth } from '../../auth/AuthContext';
import { FormMessage } from '../../components/AuthCard';
import { Icon } from '../../components/icons';
import { likeCount } from '../../components/ListCard';
import { LoginPrompt } from '../../components/LoginPrompt';

/**
 * Like (pressed when the viewer likes the list) and the count. The author
 * sees only the count: nobody likes their own list. A visitor is asked to
 * log in. The count changes at once and goes back if the server refuses.
 */
export function LikeButton({ page }: { page: ListPage }) {
  const { user } = useAuth();
  const client = useQueryClient();
  const key = useListPageKey(page.list.listId);
  const [askLogin, setAskLogin] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState('');
  const count = <span class="list-like-count">{likeCount(page.list.likeCount)}</span>;
  if (page.canEdit) return <span class="list-likes">{count}</span>;

  const set = (liked: boolean, likes: number) =>
    client.setQueryData<ListPage>(key, (old) => old && { ...old, likedByMe: liked, list: { ...old.list, likeCount: likes } });

  const toggle = async () => {
    if (!user) return setAskLogin(true);
    if (pending) return;
    const { likedByMe, list } = page;
    setPending(true);
    setError('');
    set(!likedByMe, list.likeCount + (likedByMe ? -1 : 1));
    try {
      const answer = likedByMe ? await listsApi.unlike(list.listId) : await listsApi.like(list.listId);
      set(answer.liked, answer.likeCount);
      void refreshListSummaries(client);
    } catch (failure) {
      set(likedByMe, list.likeCount);
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setPending(false);
    }
  };

  return (
    <span class="list-likes">
      <button
        type="button"
        class={page.likedByMe ? 'button list-like liked' : 'button list-like'}
        aria-pressed={page.likedByMe}
        disabled={pending}
        onClick={toggle}
      >
        <Icon name="heart" />
        Like
      </button>
      {count}
      <FormMessage message={error} />
      {askLogin && <LoginPrompt reason="to like lists." onClose={() => setAskLogin(false)} />}
    </span>
  );
}

/**
 * "Copy link": the list's address on the clipboard. Where the browser
 * refuses the clipboard, the address is shown selected for copying by hand.
 */
export function ShareLink({ page }: { page: ListPage }) {
  const [state, setState] = useState<'' | 'copied' | 'manual'>('');
  const field = useRef<HTMLInputElement>(null);
  const url = `${window.location.origin}${listPath(page.list)}`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setState('copied');
    } catch {
      setState('manual');
      requestAnimationFrame(() => field.current?.select());
    }
  };
  return (
    <span class="list-share">
      <button type="button" class="button" onClick={copy}>
        Copy link
      </button>
      {state === 'copied' && (
        <span class="form-success" role="status">
          Link copied.
        </span>
      )}
      {state === 'manual' && (
        <label class="list-share-manual">
          Copy this link
          <input ref={field} readOnly value={url} onFocus={(event) => event.currentTarget.select()} />
        </label>
      )}
    </span>
  );
}
