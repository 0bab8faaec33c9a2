import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { moderationApi, type HideableKind } from '../api/moderation';
import { refreshAfterWrite } from '../api/viewerCache';
import { useAuth } from '../auth/AuthContext';
import { ActionDialog } from '../pages/admin/MemberActions';

/**
 * The mark on something a moderator hid. The server sends hidden items only
 * to their author and the admins, so whoever sees the mark may see the item;
 * an admin may also show it again. `showAgain` is off where the whole item is
 * a link (a button cannot sit inside one): its own page offers it there.
 */
export function HiddenNote({
  hidden,
  kind,
  id,
  showAgain = true,
}: {
  hidden: boolean;
  kind: HideableKind;
  id: number;
  showAgain?: boolean;
}) {
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  if (!hidden) return null;
  return (
    <div class="hidden-item">
      <span class="hidden-badge">Hidden</span>
      <span>Hidden by a moderator: only you and the moderators can see this.</span>
      {showAgain && user?.role === 'admin' && (
        <button type="button" class="link-button" onClick={() => setOpen(true)}>
          Show again
        </button>
      )}
      {open && <ShowAgainDialog kind={kind} id={id} onClose={() => setOpen(false)} />}
    </div>
  );
}

function ShowAgainDialog({ kind, id, onClose }: { kind: HideableKind; id: number; onClose: () => void }) {
  const client = useQueryClient();
  return (
    <ActionDialog
      title={`Show this ${kind} again`}
      submitLabel="Show again"
      onClose={onClose}
      onDone={onClose}
      act={async (note) => {
        await moderationApi.setHidden(kind, id, false, note);
        // Every list and page that shows the item loses its mark (and, for
        // everyone else, gets the item back).
        void refreshAfterWrite(client);
        return '';
      }}
    >
      <p class="admin-dialog-text">Everyone can see it again.</p>
    </ActionDialog>
  );
}
