import { useQueryClient } from '@tanstack/react-query';
import { refreshAfterWrite } from '../../api/viewerCache';
import { useState } from 'react';
import { api } from '../../api/client';
import type { ProfileStats, PublicUser } from '../../api/types';
import { useAuth } from '../../auth/AuthContext';
import { Cover } from '../../components/Cover';
import { Dialog } from '../../components/Dialog';
import { PictureAddressField } from '../../components/PictureAddressField';
import { SubmitRow } from '../../components/SubmitRow';
import { useFormFields, useSubmit } from '../../lib/useFormFields';
import { RatingsChart } from '../album/RatingsChart';
import { GenrePie } from './GenrePie';

type View = 'picture' | 'pie' | 'bar';
const VIEWS: Array<[View, string]> = [
  ['picture', 'Profile Picture'],
  ['pie', 'Pie Chart'],
  ['bar', 'Bar Chart'],
];

/** The left area: the picture, or the member's genres as a pie, or their ratings as bars. */
export function ProfileVisual({ user, stats }: { user: PublicUser; stats: ProfileStats }) {
  const { user: me } = useAuth();
  const [view, setView] = useState<View>('picture');
  const [barsUnavailable, setBarsUnavailable] = useState(false);
  const [editing, setEditing] = useState(false);
  const counts = stats.ratingDistribution.map((bucket) => bucket.count);

  return (
    <div class="profile-visual">
      <div class="album-switch" role="group" aria-label="Show">
        {VIEWS.filter(([key]) => key !== 'bar' || !barsUnavailable).map(([key, label]) => (
          <button key={key} type="button" aria-pressed={view === key} onClick={() => setView(key)}>
            {label}
          </button>
        ))}
      </div>
      <div class="profile-visual-area">
        {view === 'picture' && (
          <>
            <Cover
              src={user.profilePictureUrl}
              name={user.username}
              alt={`${user.username}'s profile picture`}
              class="profile-picture"
              sizes="(max-width: 760px) 100vw, 360px"
              retry
            />
            {me?.userId === user.userId && (
              <button type="button" class="button profile-picture-edit" onClick={() => setEditing(true)}>
                Update Profile Picture
              </button>
            )}
          </>
        )}
        {view === 'pie' && <GenrePie genres={stats.topGenres} />}
        {view === 'bar' && <RatingsChart counts={counts} loading={false} onUnavailable={() => setBarsUnavailable(true)} />}
      </div>
      {editing && <UpdatePictureDialog user={user} onClose={() => setEditing(false)} />}
    </div>
  );
}

function UpdatePictureDialog({ user, onClose }: { user: PublicUser; onClose: () => void }) {
  const client = useQueryClient();
  const { fields, bind } = useFormFields({ profilePictureUrl: user.profilePictureUrl });
  const { pending, error, onSubmit } = useSubmit(async () => {
    await api(`/user/${user.userId}`, { method: 'PATCH', body: { profilePictureUrl: fields.profilePictureUrl.trim() } });
    // The picture shows beside the member's reviews, comments and shouts too.
    await refreshAfterWrite(client);
    onClose();
  });
  return (
    <Dialog title="Update Profile Picture" onClose={onClose}>
      <form class="form" onSubmit={onSubmit}>
        <PictureAddressField label="Picture URL" bound={bind('profilePictureUrl')} />
        <SubmitRow pending={pending} error={error} />
      </form>
    </Dialog>
  );
}
