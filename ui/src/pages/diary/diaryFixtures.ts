import type { DiaryEntry } from '../../api/types';

/** A diary entry of "Album {entryId}" by Radiohead, logged by hand. */
export function entry(entryId: number, listenedOn: string, fields: Partial<DiaryEntry> = {}): DiaryEntry {
  return {
    entryId,
    listenedOn,
    rating: null,
    note: '',
    relisten: false,
    source: 'member',
    album: { albumId: entryId, title: `Album ${entryId}`, slug: `album-${entryId}`, artist: 'Radiohead', artistSlug: 'radiohead', pictureUrl: '', releaseYear: 2000 },
    ...fields,
  };
}
