import { describe, expect, it } from 'vitest';
import { pathSegment } from './pathSegment';

describe('pathSegment', () => {
  it('encodes names like encodeURIComponent', () => {
    expect(pathSegment('Sigur Rós')).toBe('Sigur%20R%C3%B3s');
    expect(pathSegment('AC/DC')).toBe('AC%2FDC');
    expect(pathSegment('Recent')).toBe('Recent');
  });

  it('escapes a name that equals a fixed path word, and decodes back to it', () => {
    expect(pathSegment('recent')).toBe('%72ecent');
    expect(pathSegment('user')).toBe('%75ser');
    expect(pathSegment('popular-albums')).toBe('%70opular-albums');
    for (const word of ['recent', 'featured', 'user', 'validate']) {
      expect(decodeURIComponent(pathSegment(word))).toBe(word);
    }
  });
});
