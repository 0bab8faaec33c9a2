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
