import { useState } from 'react';
import type { Album } from '../../api/types';
import { Dialog } from '../../components/Dialog';
import { MyRating } from './MyRating';

/**
 * Rating an album from its tile without leaving the page: the album page's
 * own control (stars, or the stripe on touch screens) in a dialog.
 */
export function RateSheet({ album, onClose }: { album: Album; onClose: () => void }) {
  const [refusal, setRefusal] = useState<string | null>(null);
  return (
    // The tile behind opens the album on a click: this one is the dialog's.
    <div onClick={(event) => event.stopPropagation()}>
      <Dialog title={`Rate ${album.title}`} onClose={onClose}>
        <p class="rate-sheet-album">
          {album.title} <span class="add-to-list-artist">by {album.artist}</span>
        </p>
        <MyRating album={album} askLogin={() => undefined} refuse={setRefusal} />
        {refusal && (
          <p class="form-error" role="alert">
            {refusal}
          </p>
        )}
        <div class="dialog-actions">
          <button type="button" class="button" onClick={onClose}>
            Done
          </button>
        </div>
      </Dialog>
    </div>
  );
}
