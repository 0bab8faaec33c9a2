import { describe, expect, it } from 'vitest';
import { albumLink, artistLink, slugify } from './slug';

describe('slugify', () => {
  it('folds case, accents and whitespace like the server', () => {
    expect(slugify('Sigur Rós')).toBe('sigur-ros');
    expect(slugify('Björk')).toBe('bjork');
    expect(slugify('Ágætis byrjun')).toBe('agaetis-byrjun');
    expect(slugify('  The   Dark Side  ')).toBe('the-dark-side');
    expect(slugify('Motörhead')).toBe('motorhead');
  });

  it('drops characters that would break a path segment', () => {
    expect(slugify('AC/DC')).toBe('acdc');
    expect(slugify('R&B')).toBe('r&b');
    expect(slugify("What's Going On?")).toBe("what's-going-on");
  });

  it('builds encoded links', () => {
    expect(artistLink('Sigur Rós')).toBe('/artists/sigur-ros');
    expect(albumLink('Simon & Garfunkel', 'Bookends')).toBe('/albums/simon-%26-garfunkel/bookends');
    expect(albumLink('Radiohead', 'Kid A', 'review')).toBe('/review/radiohead/kid-a');
  });
});
