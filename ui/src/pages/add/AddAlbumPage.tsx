import { useQueryClient } from '@tanstack/react-query';
import { refreshAfterWrite } from '../../api/viewerCache';
import { useLocation } from 'wouter-preact';
import { catalogueApi } from '../../api/catalogue';
import { albumPath } from '../../components/AlbumTile';
import { AlbumFields } from '../../components/CatalogueFields';
import { catalogueFailureMessage } from '../../lib/catalogueFailure';
import { useQueryParams } from '../../lib/routeParam';
import { useFormFields, useSubmit } from '../../lib/useFormFields';
import { CreationPage } from '../../components/CreationPage';
import { SubmitRow } from '../../components/SubmitRow';

/** /add-album: an editor adds an album of a known artist, then lands on its page. */
export function AddAlbumPage() {
  const client = useQueryClient();
  const [, navigate] = useLocation();
  // The artist page's link may name the artist already.
  const artist = useQueryParams().get('artist') ?? '';
  const { fields, bind } = useFormFields({ artist, title: '', releaseDate: '', pictureUrl: '', genres: '', type: 'LP' });
  const { pending, error, onSubmit } = useSubmit(async () => {
    let saved;
    try {
      saved = await catalogueApi.addAlbum(fields);
    } catch (failure) {
      throw new Error(catalogueFailureMessage(failure, 'add an album'));
    }
    // The artist's page, the charts and search all change with a new album.
    await refreshAfterWrite(client);
    navigate(albumPath(saved));
  });
  return (
    <CreationPage screen="add-album" title="Add Album" editorsOnly>
      <form class="form" onSubmit={onSubmit}>
        <AlbumFields bind={bind} />
        <SubmitRow pending={pending} error={error} />
      </form>
    </CreationPage>
  );
}
