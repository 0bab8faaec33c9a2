import type { ComponentChildren } from 'preact';
import { FormMessage } from './AuthCard';

/** A form's Submit button, held while the call is out, and the refusal under it. */
export function SubmitRow({ pending, error, label = 'Submit' }: { pending: boolean; error: string; label?: string }) {
  return (
    <>
      <div>
        <button type="submit" class="button primary" disabled={pending}>
          {label}
        </button>
      </div>
      <FormMessage message={error} />
    </>
  );
}

/** A form's success line, read out when it appears. */
export function Saved({ message }: { message: ComponentChildren }) {
  if (!message) return null;
  return (
    <p class="form-success" role="status">
      {message}
    </p>
  );
}

/** A dialog's form once sent: the success line and a Close button in its place. */
export function SentPanel({ message, onClose }: { message: ComponentChildren; onClose: () => void }) {
  return (
    <>
      <Saved message={message} />
      <div class="dialog-actions">
        <button type="button" class="button" onClick={onClose}>
          Close
        </button>
      </div>
    </>
  );
}
