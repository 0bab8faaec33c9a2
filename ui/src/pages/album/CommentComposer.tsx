import { useId, useState } from 'react';
import { ApiError } from '../../api/client';
import { communityApi, type CommentTarget } from '../../api/community';
import { useAuth } from '../../auth/AuthContext';
import { Dialog } from '../../components/Dialog';
import { LoginPrompt } from '../../components/LoginPrompt';
import { SubmitRow } from '../../components/SubmitRow';

/**
 * The box for a new comment. Blank text is quietly not sent; a visitor is
 * asked to log in; the rate limit gets its own dialog, other refusals show
 * under the box.
 */
export function CommentComposer({ target, onPosted }: { target: CommentTarget; onPosted: () => void }) {
  const { user } = useAuth();
  const id = useId();
  const [text, setText] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState('');
  const [dialog, setDialog] = useState<'login' | 'slow-down' | null>(null);

  const onSubmit = async (event: Event) => {
    event.preventDefault();
    if (pending || text.trim() === '') return;
    if (!user) return setDialog('login');
    setPending(true);
    setError('');
    try {
      await communityApi.comment(target, text.trim());
      setText('');
      onPosted();
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 429) setDialog('slow-down');
      else setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setPending(false);
    }
  };

  return (
    <form class="form album-composer" onSubmit={onSubmit}>
      <label for={id}>Add a comment</label>
      <textarea
        id={id}
        rows={3}
        value={text}
        onInput={(event) => setText((event.currentTarget as HTMLTextAreaElement).value)}
      />
      <SubmitRow pending={pending} error={error} />
      {dialog === 'login' && <LoginPrompt reason="to comment." onClose={() => setDialog(null)} />}
      {dialog === 'slow-down' && (
        <Dialog title="You are sending too many comments." onClose={() => setDialog(null)}>
          <p>We appreciate the enthusiasm but please slow down.</p>
        </Dialog>
      )}
    </form>
  );
}
