// The fields of the Add and Edit forms for albums and artists, shared so the
// page and the dialog ask for the same things in the same words.

import { PictureAddressField } from './PictureAddressField';

const ALBUM_TYPES = ['LP', 'EP', 'Live', 'Other'] as const;

interface Bound {
  name: string;
  value: string;
  onInput: (event: Event) => void;
}

type Bind<K extends string> = (name: K) => Bound;

export type AlbumFieldName = 'artist' | 'title' | 'releaseDate' | 'pictureUrl' | 'genres' | 'type';
export type ArtistFieldName = 'name' | 'description' | 'pictureUrl';

/** `withArtist` false: a suggested correction, which keeps the album's artist. */
export function AlbumFields({ bind, withArtist = true }: { bind: Bind<AlbumFieldName>; withArtist?: boolean }) {
  const type = bind('type');
  return (
    <>
      {withArtist && (
        <label>
          Artist
          <input {...bind('artist')} required autoComplete="off" />
        </label>
      )}
      <label>
        Album Name
        <input {...bind('title')} required autoComplete="off" />
      </label>
      <label>
        Release Date
        <input
          {...bind('releaseDate')}
          placeholder="YYYY-MM-DD"
          title="A day (2019-05-21), or only the month (2019-05) or year (2019) when that is all that is known"
          required
          inputMode="numeric"
        />
      </label>
      <PictureAddressField label="Image URL" bound={bind('pictureUrl')} />
      <label>
        Genre(s)
        <input {...bind('genres')} placeholder="Rock, Art Rock" />
      </label>
      <label>
        Type
        {/* Both events: browsers send input for a select, some test DOMs only change. */}
        <select name={type.name} value={type.value} onInput={type.onInput} onChange={type.onInput}>
          {ALBUM_TYPES.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </select>
      </label>
    </>
  );
}

export function ArtistFields({ bind }: { bind: Bind<ArtistFieldName> }) {
  return (
    <>
      <label>
        Artist Name
        <input {...bind('name')} required autoComplete="off" />
      </label>
      <label>
        Description
        <textarea {...bind('description')} rows={6} />
      </label>
      <PictureAddressField label="Image URL" bound={bind('pictureUrl')} />
    </>
  );
}
