import { Link, useLocation } from 'wouter-preact';
import { useAuth } from '../auth/AuthContext';
import { AuthCard, FormMessage } from '../components/AuthCard';
import { useFormFields, useSubmit } from '../lib/useFormFields';

export function SignUp() {
  const { signUp } = useAuth();
  const [, navigate] = useLocation();
  const { fields, bind } = useFormFields({ username: '', email: '', password: '', profilePictureUrl: '' });
  const { pending, error, onSubmit } = useSubmit(
    async () => {
      await signUp(fields);
      navigate('/');
    },
    (message) => `Couldn't create your account: ${message}`,
  );

  return (
    <AuthCard screen="sign-up" title="Sign Up">
      <form class="auth-form" onSubmit={onSubmit} noValidate>
        <label>
          Username
          <input {...bind('username')} autoComplete="username" autoCapitalize="none" spellcheck={false} required />
        </label>
        <label>
          Email
          <input {...bind('email')} type="email" autoComplete="email" required />
        </label>
        <label>
          Password
          <input {...bind('password')} type="password" autoComplete="new-password" minLength={8} required />
        </label>
        <label>
          Profile Picture URL
          <input {...bind('profilePictureUrl')} type="url" placeholder="https://…" autoComplete="photo" />
        </label>
        <button type="submit" class="primary" disabled={pending}>
          {pending ? 'Signing Up…' : 'Sign Up'}
        </button>
        <FormMessage message={error} />
      </form>
      <p class="auth-switch">
        Already have an account? <Link href="/login">Log in</Link>
      </p>
    </AuthCard>
  );
}
