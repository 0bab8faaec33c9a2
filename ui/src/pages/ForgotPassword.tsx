import { Link } from 'wouter-preact';
import { authApi } from '../api/auth';
import { AuthCard, FormMessage } from '../components/AuthCard';
import { ErrorNote, Loading } from '../components/QueryState';
import { Saved } from '../components/SubmitRow';
import { useFormFields, useSave } from '../lib/useFormFields';
import { useSignInOptions } from '../api/signInOptions';

/** Asks for a forgotten password's link by mail. */
export function ForgotPassword() {
  const options = useSignInOptions();
  let body;
  if (options.isPending) body = <Loading />;
  else if (options.isError) body = <ErrorNote error={options.error} />;
  else if (!options.data.passwordResetByMail)
    body = <p class="auth-hint">This site sends no mail, so a password cannot be reset here: ask the site's admin.</p>;
  else body = <ForgotPasswordForm />;
  return (
    <AuthCard screen="forgot-password" title="Forgot Password">
      {body}
      <p class="auth-switch">
        Remembered it? <Link href="/login">Log in</Link>
      </p>
    </AuthCard>
  );
}

function ForgotPasswordForm() {
  const { fields, bind } = useFormFields({ email: '' });
  const { pending, error, saved, onSubmit } = useSave(async () => (await authApi.forgotPassword(fields.email.trim())).message);
  return (
    <form class="auth-form" onSubmit={onSubmit} noValidate>
      <p class="auth-hint">Type your account's email: we'll mail you a link to choose a new password.</p>
      <label>
        Email
        <input {...bind('email')} type="email" autoComplete="email" required />
      </label>
      <button type="submit" class="primary" disabled={pending}>
        {pending ? 'Sending…' : 'Send the link'}
      </button>
      <FormMessage message={error} />
      <Saved message={saved} />
    </form>
  );
}
