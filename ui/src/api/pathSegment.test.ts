import { describe, expect, it } from 'vitest';
import { pathSegment } from './pathSegment';

describe('pathSegment', () => {
  it('encodes names like encodeURIComponent', () => {
    expect(pathSegment('Sigur Rós')).toBe('Sigur%20R%C3%B3s');
    expect(pathSegment('AC/DC')).toBe('AC%2FDC');
    expect(pathSegment('Recent')).toBe('Recent');
    expect(pathSegment('100% Pure')).toBe('100%25%20Pure');
    expect(pathSegment('What?')).toBe('What%3F');
    expect(pathSegment('#1')).toBe('%231');
    expect(pathSegment('R&B + Soul')).toBe('R%26B%20%2B%20Soul');
  });

  it('escapes a name that equals a fixed path word, and decodes back to it', () => {
    expect(pathSegment('recent')).toBe('%72ecent');
    expect(pathSegment('user')).toBe('%75ser');
    expect(pathSegment('popular-albums')).toBe('%70opular-albums');
    for (const word of ['recent', 'featured', 'user', 'validate']) {
      expect(decodeURIComponent(pathSegment(word))).toBe(word);
    }
  });

  it('keeps a name of dots a segment of its own, which the server trims', () => {
    expect(pathSegment('..')).toBe('..%20');
    expect(new URL(`http://x/api/artist/name/${pathSegment('..')}`).pathname).toBe('/api/artist/name/..%20');
  });
});
