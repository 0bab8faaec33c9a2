import { useEffect, useState } from 'react';
import { useLocation } from 'wouter-preact';
import { ApiError } from '../../api/client';
import { useRate } from '../../api/mutations';
import { useArtist, useArtistAlbums } from '../../api/queries';
import type { AlbumType } from '../../api/types';
import { editsCatalogue, useAuth } from '../../auth/AuthContext';
import { AlbumTile } from '../../components/AlbumTile';
import { Cover } from '../../components/Cover';
import { LoginPrompt } from '../../components/LoginPrompt';
import { ErrorNote, Loading } from '../../components/QueryState';
import { Tabs } from '../../components/Tabs';
import { average } from '../../lib/format';
import { artistNotFoundPath } from '../../lib/paths';
import { routeParam } from '../../lib/routeParam';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { EditArtistDialog } from './EditArtistDialog';
import { CatalogueActions } from '../catalogue/CatalogueActions';
import { ArtistFollowButton } from '../social/ArtistFollowButton';
import './artist.css';
import { plural } from '../../lib/words';
import { compareCodes } from '../../lib/compare';

const TYPE_TABS: ReadonlyArray<readonly [AlbumType, string]> = [
  ['LP', 'LPs'],
  ['EP', 'EPs'],
  ['Live', 'Live'],
  ['Other', 'Other'],
];

export function ArtistPage({ params }: { params: { artistName?: string } }) {
  const name = routeParam(params.artistName);
  const [, navigate] = useLocation();
  const { user } = useAuth();
  const artist = useArtist(name);
  const albums = useArtistAlbums(name);
  const rate = useRate();
  const [chosenType, setChosenType] = useState<AlbumType | null>(null);
  const [editing, setEditing] = useState(false);
  const [askLogin, setAskLogin] = useState(false);
  useDocumentTitle(artist.data?.name);

  const missing = artist.error instanceof ApiError && artist.error.status === 404;
  useEffect(() => {
    if (missing) navigate(artistNotFoundPath(name), { replace: true });
  }, [missing, name, navigate]);

  if (artist.isPending) {
    return (
      <section data-screen="artist">
        <Loading label="Loading Artist..." />
      </section>
    );
  }
  if (artist.isError) {
    return (
      <section data-screen="artist">
        <ErrorNote error={artist.error} />
      </section>
    );
  }

  const data = artist.data;
  const present = TYPE_TABS.filter(([type]) => albums.data?.some((album) => album.type === type));
  const type = chosenType ?? (present.some(([t]) => t === 'LP') ? 'LP' : (present[0]?.[0] ?? 'LP'));
  const shown = (albums.data ?? [])
    .filter((album) => album.type === type)
    .sort((a, b) => b.releaseYear - a.releaseYear || compareCodes(b.releaseDate, a.releaseDate));
  const canEdit = editsCatalogue(user);

  return (
    <section class="artist-page" data-screen="artist">
      <header class="artist-header">
        <div class="artist-picture">
          <Cover src={data.pictureUrl} name={data.name} alt={`Picture of ${data.name}`} sizes="(max-width: 600px) 120px, 220px" retry />
          {canEdit && (
            <button type="button" class="artist-edit" onClick={() => setEditing(true)}>
              Edit Artist
            </button>
          )}
        </div>
        <div class="artist-facts">
          <h1>{data.name}</h1>
          <p class="artist-rating">
            <span class="artist-average">{average(data.averageRating, data.numberOfRatings)}</span>{' '}
            {data.numberOfRatings > 0 && (
              <span class="muted">
                average from {plural(data.numberOfRatings, 'rating')}
              </span>
            )}
          </p>
          <ArtistFollowButton artistId={data.artistId} name={data.name} />
          {data.description && <p class="artist-description">{data.description}</p>}
          <CatalogueActions entity={{ kind: 'artist', artist: data }} />
        </div>
      </header>

      {present.length > 0 && (
        <Tabs label="Release types" tabs={present} selected={type} onSelect={setChosenType} />
      )}
      <div role="tabpanel" aria-label={TYPE_TABS.find(([t]) => t === type)?.[1]}>
        {albums.isPending && <Loading label="Loading Albums..." />}
        {albums.isError && <ErrorNote error={albums.error} />}
        {albums.data?.length === 0 && <p class="empty">No albums by {data.name} yet.</p>}
        <div class="album-grid">
          {shown.map((album) => (
            <AlbumTile
              key={album.albumId}
              album={album}
              showArtist={false}
              onRate={(number) => {
                if (!user) return setAskLogin(true);
                rate.mutate({ albumId: album.albumId, artistId: album.artistId, number });
              }}
            />
          ))}
        </div>
      </div>
      {editing && <EditArtistDialog artist={data} onClose={() => setEditing(false)} />}
      {askLogin && <LoginPrompt reason="to rate albums." onClose={() => setAskLogin(false)} />}
    </section>
  );
}
