import { Link, useLocation } from 'wouter-preact';
import { useSignInOptions } from '../api/signInOptions';
import { useAuth } from '../auth/AuthContext';
import { AuthCard, FormMessage } from '../components/AuthCard';
import { SignOnButton } from '../components/SignOnButton';
import { useFormFields, useSubmit } from '../lib/useFormFields';

export function Login() {
  const { logIn } = useAuth();
  const [, navigate] = useLocation();
  const { fields, bind } = useFormFields({ username: '', email: '', password: '' });
  const { pending, error, onSubmit } = useSubmit(async () => {
    await logIn(fields);
    navigate('/');
  });
  const options = useSignInOptions();

  return (
    <AuthCard screen="login" title="Log In">
      <SignOnButton />
      {options.data?.singleSignOn && options.data.passwordLogin !== 'off' && (
        <p class="auth-or">
          {options.data.passwordLogin === 'admins' ? 'Admins may also log in with a password:' : 'or with a password:'}
        </p>
      )}
      {options.data?.passwordLogin !== 'off' && (
        <form class="auth-form" onSubmit={onSubmit} noValidate>
          <p class="auth-hint">Use your username or your email.</p>
          <label>
            Username
            <input {...bind('username')} autoComplete="username" autoCapitalize="none" spellcheck={false} />
          </label>
          <label>
            Email
            <input {...bind('email')} type="email" autoComplete="email" />
          </label>
          <label>
            Password
            <input {...bind('password')} type="password" autoComplete="current-password" required />
          </label>
          <button type="submit" class="primary" disabled={pending}>
            {pending ? 'Logging In…' : 'Log In'}
          </button>
          <FormMessage message={error} />
          {options.data?.passwordResetByMail && (
            <p class="auth-hint">
              <Link href="/forgot-password">Forgot your password?</Link>
            </p>
          )}
        </form>
      )}
      <p class="auth-switch">
        New here? <Link href="/sign-up">Sign up</Link>
      </p>
    </AuthCard>
  );
}
