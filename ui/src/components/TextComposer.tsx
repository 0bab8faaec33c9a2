import { useState } from 'react';
import { ApiError } from '../api/client';
import { useAuth } from '../auth/AuthContext';
import { Dialog } from './Dialog';
import { LoginPrompt } from './LoginPrompt';
import { SubmitRow } from './SubmitRow';
import { useWriteRefusal } from './SuspendedBanner';
import { useUniqueId } from '../lib/useUniqueId';

/**
 * A box for a short text a member sends: a comment or a shout. A visitor is
 * asked to log in; blank text is either quietly not sent or, with
 * `blankDialog`, explained; the rate limit gets its own dialog; other
 * refusals show under the box. The box clears once the text is sent.
 */
export function TextComposer({
  label,
  loginReason,
  slowDownTitle,
  blankDialog,
  send,
  class: className = '',
}: {
  label: string;
  loginReason: string;
  slowDownTitle: string;
  blankDialog?: { title: string; message: string };
  send: (text: string) => Promise<unknown>;
  class?: string;
}) {
  const { user } = useAuth();
  const refused = useWriteRefusal();
  const id = useUniqueId();
  const [text, setText] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState('');
  const [dialog, setDialog] = useState<'login' | 'blank' | 'slow-down' | null>(null);

  const onSubmit = async (event: Event) => {
    event.preventDefault();
    if (pending) return;
    if (!user) return setDialog('login');
    if (text.trim() === '') {
      if (blankDialog) setDialog('blank');
      return;
    }
    setPending(true);
    setError('');
    try {
      await send(text.trim());
      setText('');
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 429) setDialog('slow-down');
      else setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setPending(false);
    }
  };

  const close = () => setDialog(null);
  return (
    <form class={`form composer ${className}`} onSubmit={onSubmit}>
      <label for={id}>{label}</label>
      <fieldset class="composer-fields" disabled={refused != null}>
        <textarea
          id={id}
          rows={3}
          value={text}
          aria-describedby={refused ? `${id}-refused` : undefined}
          onInput={(event) => setText((event.currentTarget as HTMLTextAreaElement).value)}
        />
        {refused && (
          <p class="write-refused" id={`${id}-refused`}>
            {refused}
          </p>
        )}
        <SubmitRow pending={pending} error={error} />
      </fieldset>
      {dialog === 'login' && <LoginPrompt reason={loginReason} onClose={close} />}
      {dialog === 'blank' && blankDialog && (
        <Dialog title={blankDialog.title} onClose={close}>
          <p>{blankDialog.message}</p>
        </Dialog>
      )}
      {dialog === 'slow-down' && (
        <Dialog title={slowDownTitle} onClose={close}>
          <p>We appreciate the enthusiasm but please slow down.</p>
        </Dialog>
      )}
    </form>
  );
}
