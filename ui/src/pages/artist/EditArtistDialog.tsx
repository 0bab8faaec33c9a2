import { useQueryClient } from '@tanstack/react-query';
import { refreshAfterWrite } from '../../api/viewerCache';
import { useLocation } from 'wouter-preact';
import { catalogueApi } from '../../api/catalogue';
import type { Artist } from '../../api/types';
import { Dialog } from '../../components/Dialog';
import { FormMessage } from '../../components/AuthCard';
import { ArtistFields } from '../../components/CatalogueFields';
import { catalogueFailureMessage } from '../../lib/catalogueFailure';
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
    let saved: Artist;
    try {
      saved = await catalogueApi.editArtist(artist.artistId, fields);
    } catch (failure) {
      throw new Error(catalogueFailureMessage(failure, 'edit an artist'));
    }
    await refreshAfterWrite(client);
    onClose();
    if (saved.slug !== artist.slug) navigate(`/artists/${encodeURIComponent(saved.slug)}`, { replace: true });
  });
  return (
    <Dialog title="Edit Artist" onClose={onClose} wide>
      <form class="form" onSubmit={onSubmit}>
        <ArtistFields bind={bind} />
        <button type="submit" class="button primary" disabled={pending}>
          Edit Artist
        </button>
        <FormMessage message={error} />
      </form>
    </Dialog>
  );
}
