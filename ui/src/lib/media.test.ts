import { describe, expect, it } from 'vitest';
import { mediaKey, mediaSrc, mediaSrcSet } from './media';

describe('picture addresses on the site', () => {
  it('name a saved address by its UTF-8 bytes in base64url without padding', () => {
    expect(mediaKey('https://example.org/a.jpg')).toBe('aHR0cHM6Ly9leGFtcGxlLm9yZy9hLmpwZw');
    // Bytes that encode to + and / in plain base64 come out as - and _.
    expect(mediaKey('https://x.org/?>>>???')).toBe('aHR0cHM6Ly94Lm9yZy8_Pj4-Pz8_');
    // Letters beyond ASCII go as their UTF-8 bytes.
    expect(mediaKey('https://x.org/Ágætis.png')).toBe('aHR0cHM6Ly94Lm9yZy_DgWfDpnRpcy5wbmc');
    for (const url of ['a', 'ab', 'abc', 'https://x.org/Ágætis.png']) {
      expect(mediaKey(url)).not.toMatch(/[=+/]/);
      const decoded = atob(mediaKey(url).replace(/-/g, '+').replace(/_/g, '/'));
      expect(new TextDecoder().decode(Uint8Array.from(decoded, (c) => c.charCodeAt(0)))).toBe(url);
    }
  });

  it('give one width, or all three for a srcset', () => {
    expect(mediaSrc('https://example.org/a.jpg', 320)).toBe('/media/aHR0cHM6Ly9leGFtcGxlLm9yZy9hLmpwZw/320.webp');
    expect(mediaSrcSet('https://example.org/a.jpg')).toBe(
      '/media/aHR0cHM6Ly9leGFtcGxlLm9yZy9hLmpwZw/96.webp 96w, ' +
        '/media/aHR0cHM6Ly9leGFtcGxlLm9yZy9hLmpwZw/320.webp 320w, ' +
        '/media/aHR0cHM6Ly9leGFtcGxlLm9yZy9hLmpwZw/640.webp 640w',
    );
  });
});
