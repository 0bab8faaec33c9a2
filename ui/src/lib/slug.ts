// Slugs as the server makes them (src/domain/slug.rs): lower-case, accents
// stripped, whitespace turned to hyphens, and characters that would break a
// path segment dropped. The server accepts names and slugs alike.

const URL_SPECIAL = /[/?#%\\]/g;

/** Folds accents the way the server's transliteration does for Latin scripts. */
function foldAccents(text: string): string {
  return text
    .replace(/æ/g, 'ae')
    .replace(/Æ/g, 'AE')
    .replace(/ø/g, 'o')
    .replace(/Ø/g, 'O')
    .replace(/ß/g, 'ss')
    .replace(/đ/g, 'd')
    .replace(/ł/g, 'l')
    .replace(/Ł/g, 'L')
    .replace(/þ/g, 'th')
    .replace(/ð/g, 'd')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '');
}

export function slugify(name: string): string {
  return foldAccents(name)
    .toLowerCase()
    .replace(URL_SPECIAL, '')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .join('-');
}

/** A link to an album page; another first segment may be given. */
export function albumLink(artist: string, title: string, first = 'albums'): string {
  return `/${first}/${encodeURIComponent(slugify(artist))}/${encodeURIComponent(slugify(title))}`;
}

export function artistLink(artist: string): string {
  return `/artists/${encodeURIComponent(slugify(artist))}`;
}
