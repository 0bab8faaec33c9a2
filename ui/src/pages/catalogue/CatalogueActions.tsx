import { useState } from 'react';
import { editsCatalogue, useAuth } from '../../auth/AuthContext';
import { HistoryDialog } from './HistoryDialog';
import { SuggestDialog, type Entity } from './SuggestDialog';
import './catalogue.css';

/** Under an album or artist: its History for editors, "Suggest a correction" for other members. */
export function CatalogueActions({ entity }: { entity: Entity }) {
  const { user } = useAuth();
  const [open, setOpen] = useState<'history' | 'suggest' | null>(null);
  if (!user) return null;
  const id = entity.kind === 'album' ? entity.album.albumId : entity.artist.artistId;
  const close = () => setOpen(null);
  return (
    <div class="catalogue-actions">
      {editsCatalogue(user) ? (
        <button type="button" class="link-button" onClick={() => setOpen('history')}>
          History
        </button>
      ) : (
        <button type="button" class="link-button" onClick={() => setOpen('suggest')}>
          Suggest a correction
        </button>
      )}
      {open === 'history' && <HistoryDialog kind={entity.kind} id={id} onClose={close} />}
      {open === 'suggest' && <SuggestDialog entity={entity} onClose={close} />}
    </div>
  );
}
