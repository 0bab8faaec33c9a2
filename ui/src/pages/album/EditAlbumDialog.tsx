import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter-preact';
import { ApiError } from '../../api/client';
import { catalogueApi } from '../../api/catalogue';
import { refreshRatingViews } from '../../api/mutations';
import { keys } from '../../api/queries';
import type { Album } from '../../api/types';
import { albumPath } from '../../components/AlbumTile';
import { FormMessage } from '../../components/AuthCard';
import { Dialog } from '../../components/Dialog';
import { useFormFields, useSubmit } from '../../lib/useFormFields';

const TYPES = ['LP', 'EP', 'Live', 'Other'] as const;
const EDITORS_ONLY = 'You must have the editor role to edit an album.';

/** What the member reads for a refusal: the server's words, except where they say nothing useful. */
function describe(failure: unknown): Error {
  if (failure instanceof ApiError) {
    if (failure.status === 403 || failure.message === 'Insufficient permissions') return new Error(EDITORS_ONLY);
    if (failure.message === 'Internal server error') return new Error('Something went wrong while editing the album.');
  }
  return failure instanceof Error ? failure : new Error(String(failure));
}

/** The editor's prefilled Edit Album form (the Add Album fields). */
export function EditAlbumDialog({ album, onClose }: { album: Album; onClose: () => void }) {
  const client = useQueryClient();
  const [, navigate] = useLocation();
  const { fields, bind } = useFormFields({
    artist: album.artist,
    title: album.title,
    releaseDate: album.releaseDate,
    pictureUrl: album.pictureUrl,
    genres: album.genres.map((genre) => genre.name).join(', '),
    type: album.type as string,
  });
  const { pending, error, onSubmit } = useSubmit(async () => {
    let saved: Album;
    try {
      saved = await catalogueApi.editAlbum(album.albumId, fields);
    } catch (failure) {
      throw describe(failure);
    }
    onClose();
    if (saved.slug === album.slug && saved.artistSlug === album.artistSlug) {
      // The rating views include the album itself ('album' queries).
      void refreshRatingViews(client);
      return;
    }
    // The old address no longer names the album. Its cached answer goes, so
    // the refresh doesn't refetch it into a 404; the new address starts
    // from the saved album.
    client.removeQueries({
      predicate: (query) => query.queryKey[0] === 'album' && (query.state.data as Album | undefined)?.albumId === album.albumId,
    });
    client.setQueryData(keys.album(saved.artistSlug, saved.slug), saved);
    navigate(albumPath(saved), { replace: true });
    void refreshRatingViews(client);
  });
  const type = bind('type');

  return (
    <Dialog title="Edit Album" onClose={onClose} wide>
      <form class="form" onSubmit={onSubmit}>
        <label>
          Artist
          <input {...bind('artist')} required />
        </label>
        <label>
          Album Name
          <input {...bind('title')} required />
        </label>
        <label>
          Release Date
          <input {...bind('releaseDate')} placeholder="YYYY-MM-DD" />
        </label>
        <label>
          Image URL
          <input {...bind('pictureUrl')} type="url" placeholder="https://…" />
        </label>
        <label>
          Genre(s)
          <input {...bind('genres')} placeholder="Rock, Art Rock" />
        </label>
        <label>
          Type
          {/* Both events: browsers send input for a select, some test DOMs only change. */}
          <select name={type.name} value={type.value} onInput={type.onInput} onChange={type.onInput}>
            {TYPES.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
        </label>
        <div>
          <button type="submit" class="button primary" disabled={pending}>
            Submit
          </button>
        </div>
        <FormMessage message={error} />
      </form>
    </Dialog>
  );
}
