import { useQueryClient } from '@tanstack/react-query';
import { refreshAfterWrite } from '../../api/viewerCache';
import { useLocation } from 'wouter-preact';
import { catalogueApi } from '../../api/catalogue';
import { ArtistFields } from '../../components/CatalogueFields';
import { catalogueFailureMessage } from '../../lib/catalogueFailure';
import { useFormFields, useSubmit } from '../../lib/useFormFields';
import { CreationPage } from '../../components/CreationPage';
import { SubmitRow } from '../../components/SubmitRow';

/** /add-artist: an editor adds an artist, then lands on the artist's page. */
export function AddArtistPage() {
  const client = useQueryClient();
  const [, navigate] = useLocation();
  const { fields, bind } = useFormFields({ name: '', description: '', pictureUrl: '' });
  const { pending, error, onSubmit } = useSubmit(async () => {
    let saved;
    try {
      saved = await catalogueApi.addArtist(fields);
    } catch (failure) {
      throw new Error(catalogueFailureMessage(failure, 'add an artist'));
    }
    // A search or an artist page asked before may have cached "not found".
    await refreshAfterWrite(client);
    navigate(`/artists/${encodeURIComponent(saved.slug)}`);
  });
  return (
    <CreationPage screen="add-artist" title="Add Artist" editorsOnly>
      <form class="form" onSubmit={onSubmit}>
        <ArtistFields bind={bind} />
        <SubmitRow pending={pending} error={error} />
      </form>
    </CreationPage>
  );
}
