import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter-preact';
import { catalogueApi } from '../../api/catalogue';
import { keys, useViewer } from '../../api/queries';
import { refreshAfterWrite, underViewer } from '../../api/viewerCache';
import type { Album } from '../../api/types';
import { albumPath } from '../../components/AlbumTile';
import { AlbumFields } from '../../components/CatalogueFields';
import { Dialog } from '../../components/Dialog';
import { catalogueFailureMessage } from '../../lib/catalogueFailure';
import { knownDate } from '../../lib/format';
import { useFormFields, useSubmit } from '../../lib/useFormFields';
import { SubmitRow } from '../../components/SubmitRow';

/** The editor's prefilled Edit Album form (the Add Album fields). */
export function EditAlbumDialog({ album, onClose }: { album: Album; onClose: () => void }) {
  const client = useQueryClient();
  const viewer = useViewer();
  const [, navigate] = useLocation();
  const { fields, bind } = useFormFields({
    artist: album.artist,
    title: album.title,
    // "2019" for an album known to the year: sent back, it stays so.
    releaseDate: knownDate(album),
    pictureUrl: album.pictureUrl,
    genres: album.genres.map((genre) => genre.name).join(', '),
    type: album.type as string,
  });
  const { pending, error, onSubmit } = useSubmit(async () => {
    let saved: Album;
    try {
      saved = await catalogueApi.editAlbum(album.albumId, fields);
    } catch (failure) {
      throw new Error(catalogueFailureMessage(failure, 'edit an album'));
    }
    onClose();
    if (saved.slug === album.slug && saved.artistSlug === album.artistSlug) {
      void refreshAfterWrite(client);
      return;
    }
    // The old address no longer names the album. Its cached answer goes, so
    // the refresh doesn't refetch it into a 404; the new address starts
    // from the saved album.
    client.removeQueries({
      predicate: (query) => query.queryKey[0] === 'album' && (query.state.data as Album | undefined)?.albumId === album.albumId,
    });
    client.setQueryData(underViewer(keys.album(saved.artistSlug, saved.slug), viewer), saved);
    navigate(albumPath(saved), { replace: true });
    void refreshAfterWrite(client);
  });
  return (
    <Dialog title="Edit Album" onClose={onClose} wide>
      <form class="form" onSubmit={onSubmit}>
        <AlbumFields bind={bind} />
        <SubmitRow pending={pending} error={error} />
      </form>
    </Dialog>
  );
}
