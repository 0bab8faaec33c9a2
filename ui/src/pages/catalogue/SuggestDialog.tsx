import { useState } from 'react';
import { moderationApi } from '../../api/moderation';
import type { Album, Artist } from '../../api/types';
import { AlbumFields, ArtistFields } from '../../components/CatalogueFields';
import { Dialog } from '../../components/Dialog';
import { SentPanel, SubmitRow } from '../../components/SubmitRow';
import { knownDate } from '../../lib/format';
import { useFormFields, useSave } from '../../lib/useFormFields';

export type Entity = { kind: 'album'; album: Album } | { kind: 'artist'; artist: Artist };

function initialFields(entity: Entity): Record<string, string> {
  if (entity.kind === 'artist') {
    const { name, description, pictureUrl } = entity.artist;
    return { name, description, pictureUrl };
  }
  const album = entity.album;
  return {
    title: album.title,
    releaseDate: knownDate(album),
    type: album.type as string,
    genres: album.genres.map((genre) => genre.name).join(', '),
    pictureUrl: album.pictureUrl,
  };
}

/** A member's correction to an album or artist, for an editor to accept: only the fields they changed are sent. */
export function SuggestDialog({ entity, onClose }: { entity: Entity; onClose: () => void }) {
  const [initial] = useState(() => initialFields(entity));
  const { fields, bind } = useFormFields(initial);
  const [note, setNote] = useState('');
  const [unchanged, setUnchanged] = useState(false);
  const { pending, error, saved, onSubmit } = useSave(async () => {
    const changed = Object.fromEntries(Object.entries(fields).filter(([key, value]) => value.trim() !== initial[key].trim()));
    setUnchanged(Object.keys(changed).length === 0);
    if (Object.keys(changed).length === 0) return '';
    const id = entity.kind === 'album' ? entity.album.albumId : entity.artist.artistId;
    await moderationApi.suggest(entity.kind, id, changed, note.trim());
    return 'Thanks: an editor will look at it.';
  });
  return (
    <Dialog title="Suggest a correction" onClose={onClose} wide>
      {saved ? (
        <SentPanel message={saved} onClose={onClose} />
      ) : (
        <form class="form" onSubmit={onSubmit}>
          {entity.kind === 'album' ? <AlbumFields bind={bind} withArtist={false} /> : <ArtistFields bind={bind} />}
          <label>
            Note (why, and where it comes from)
            <textarea name="note" rows={3} maxLength={1000} value={note} onInput={(event) => setNote(event.currentTarget.value)} />
          </label>
          {unchanged && <p class="form-error">Change a field first.</p>}
          <SubmitRow pending={pending} error={error} label="Send" />
        </form>
      )}
    </Dialog>
  );
}
