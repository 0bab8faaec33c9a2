import { useState } from 'react';
import { useLocation } from 'wouter-preact';
import { accountApi } from '../../api/account';
import { useAuth } from '../../auth/AuthContext';
import { FormMessage } from '../../components/AuthCard';
import { Dialog } from '../../components/Dialog';
import { useSubmit } from '../../lib/useFormFields';
import { DownloadMyData } from '../profile/DownloadMyData';

/** Deleting the account: what goes, the data export first, then the password. */
export function DeleteAccount() {
  const { forgetSession } = useAuth();
  const [, navigate] = useLocation();
  const [asking, setAsking] = useState(false);
  const [password, setPassword] = useState('');
  // Leaves the page on success, so the form stays pending.
  const { pending, error, onSubmit } = useSubmit(async () => {
    await accountApi.deleteAccount(password);
    forgetSession();
    navigate('/');
  });

  return (
    <section class="account-section" aria-labelledby="account-delete">
      <h2 id="account-delete">Delete account</h2>
      <p>
        Deleting your account removes your profile and everything you wrote: ratings, library, wishlist, reviews,
        posts, comments, shouts, lists and votes, and the comments, votes and likes others left on them. It cannot
        be undone.
      </p>
      <div>
        <button type="button" class="button danger" onClick={() => setAsking(true)}>
          Delete my account…
        </button>
      </div>
      {asking && (
        <Dialog title="Delete your account?" onClose={() => setAsking(false)}>
          <p>Download your data first if you want to keep a copy: once the account is gone, so is all of it.</p>
          <DownloadMyData />
          <form class="form" onSubmit={onSubmit}>
            <label>
              Your password
              <input
                type="password"
                autoComplete="current-password"
                value={password}
                required
                onInput={(event) => setPassword((event.currentTarget as HTMLInputElement).value)}
              />
            </label>
            <div class="dialog-actions">
              <button type="button" class="button" onClick={() => setAsking(false)}>
                Keep my account
              </button>
              <button type="submit" class="button danger" disabled={pending}>
                Delete my account
              </button>
            </div>
            <FormMessage message={error} />
          </form>
        </Dialog>
      )}
    </section>
  );
}
