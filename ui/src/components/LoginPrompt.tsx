import { Link } from 'wouter-preact';
import { Dialog } from './Dialog';

/** The 'Log In' dialog a signed-out visitor sees when they try to take part. */
export function LoginPrompt({ reason, onClose }: { reason: string; onClose: () => void }) {
  return (
    <Dialog title="Log In" onClose={onClose}>
      <p class="login-prompt">
        <Link href="/login" onClick={onClose}>
          Log in
        </Link>{' '}
        or{' '}
        <Link href="/sign-up" onClick={onClose}>
          sign up
        </Link>{' '}
        {reason}
      </p>
    </Dialog>
  );
}
