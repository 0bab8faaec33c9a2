// The site's own copies of pictures: every cover, artist picture and avatar
// is served from /media, never from the host its address names (the content
// security policy allows images from the site only).

/** The widths the server keeps of each picture. */
export const MEDIA_WIDTHS = [96, 320, 640] as const;
export type MediaWidth = (typeof MEDIA_WIDTHS)[number];

/** A saved picture address as the server names it: its UTF-8 bytes in base64url, without padding. */
export function mediaKey(url: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(url)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The site's copy of the picture saved as `url`, at one width. */
export function mediaSrc(url: string, width: MediaWidth): string {
  return `/media/${mediaKey(url)}/${width}.webp`;
}

/** Every width of the picture saved as `url`, for an img's srcset. */
export function mediaSrcSet(url: string): string {
  const key = mediaKey(url);
  return MEDIA_WIDTHS.map((width) => `/media/${key}/${width}.webp ${width}w`).join(', ');
}
