import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter-preact';
import { ApiError } from '../../api/client';
import { catalogueApi } from '../../api/catalogue';
import type { Artist } from '../../api/types';
import { Dialog } from '../../components/Dialog';
import { FormMessage } from '../../components/AuthCard';
import { useFormFields, useSubmit } from '../../lib/useFormFields';

/** The editor's prefilled Edit Artist form. */
export function EditArtistDialog({ artist, onClose }: { artist: Artist; onClose: () => void }) {
  const client = useQueryClient();
  const [, navigate] = useLocation();
  const { fields, bind } = useFormFields({
    name: artist.name,
    description: artist.description,
    pictureUrl: artist.pictureUrl,
  });
  const { pending, error, onSubmit } = useSubmit(async () => {
    try {
      const saved = await catalogueApi.editArtist(artist.artistId, fields);
      await client.invalidateQueries();
      onClose();
      if (saved.slug !== artist.slug) navigate(`/artists/${encodeURIComponent(saved.slug)}`, { replace: true });
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 403) {
        throw new Error('You must have the editor role to edit an artist.');
      }
      throw failure;
    }
  });
  return (
    <Dialog title="Edit Artist" onClose={onClose} wide>
      <form class="form" onSubmit={onSubmit}>
        <label>
          Artist Name
          <input {...bind('name')} required />
        </label>
        <label>
          Description
          <textarea {...bind('description')} rows={6} />
        </label>
        <label>
          Image URL
          <input {...bind('pictureUrl')} type="url" placeholder="https://…" />
        </label>
        <button type="submit" class="button primary" disabled={pending}>
          Edit Artist
        </button>
        <FormMessage message={error} />
      </form>
    </Dialog>
  );
}
