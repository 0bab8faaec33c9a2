import { useState } from 'react';
import { api } from '../../api/client';
import type { UserExport } from '../../api/types';
import { FormMessage } from '../../components/AuthCard';
import { exportFileName, saveFile } from '../../lib/saveFile';

/** The owner's copy of everything they wrote, the same file `halfstar export-user` makes. */
export function DownloadMyData() {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState('');
  const download = async () => {
    setPending(true);
    setError('');
    try {
      const exported = await api<UserExport>('/user/me/export');
      saveFile(exportFileName(exported.member.username, exported.exportedAt), JSON.stringify(exported, null, 2));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setPending(false);
    }
  };
  return (
    <section class="profile-data" aria-labelledby="profile-data-heading">
      <h2 id="profile-data-heading">Your data</h2>
      <p>A JSON file of your ratings, library, wishlist, reviews, comments, posts, shouts, lists and votes.</p>
      <div>
        <button type="button" class="button" onClick={download} disabled={pending}>
          {pending ? 'Preparing…' : 'Download my data'}
        </button>
      </div>
      <FormMessage message={error} />
    </section>
  );
}
