import { Link } from 'wouter-preact';
import { Dialog } from './Dialog';

/**
 * 'Log in or sign up {reason}', with both links: on a page in place of what
 * a visitor cannot use, or inside the 'Log In' dialog. `onFollow` runs when
 * a link is taken (the dialog closes).
 */
export function LoginInvitation({ reason, onFollow }: { reason: string; onFollow?: () => void }) {
  return (
    <p class="login-prompt">
      <Link href="/login" onClick={onFollow}>
        Log in
      </Link>{' '}
      or{' '}
      <Link href="/sign-up" onClick={onFollow}>
        sign up
      </Link>{' '}
      {reason}
    </p>
  );
}

/** The 'Log In' dialog a signed-out visitor sees when they try to take part. */
export function LoginPrompt({ reason, onClose }: { reason: string; onClose: () => void }) {
  return (
    <Dialog title="Log In" onClose={onClose}>
      <LoginInvitation reason={reason} onFollow={onClose} />
    </Dialog>
  );
}
