import { describe, expect, it } from 'vitest';
import { encodeSegment, pathSegment } from '../api/pathSegment';
import { artistNotFoundPath, artistPath } from './paths';
import { routeParam } from './routeParam';

const NAMES = [
  'AC/DC',
  '100% Pure',
  'What?',
  '#1 Record',
  'R&B + Soul',
  `"Quoted" 'Name'`,
  'Sigur Rós',
  '🎸 Emoji',
  'موسيقى',
  'שלום עולם',
  '%',
  '%%',
  '50%2F50',
  '%E0%A4%A',
  '100%41',
  'a+b',
  'x;y=z@w:v,u$',
];

describe('routeParam', () => {
  it('reads back every name its encoding carries', () => {
    for (const name of NAMES) {
      expect(routeParam(encodeSegment(name))).toBe(name);
      expect(routeParam(pathSegment(name))).toBe(name);
    }
  });

  it('decodes once, so an escape typed as part of a name stays', () => {
    expect(routeParam('50%252F50')).toBe('50%2F50');
    expect(routeParam('100%2541')).toBe('100%41');
  });

  it('keeps what does not decode and decodes the rest', () => {
    expect(routeParam('%')).toBe('%');
    expect(routeParam('%E0%A4%A')).toBe('%E0%A4%A');
    expect(routeParam('%ZZ')).toBe('%ZZ');
    // What a browser makes of `/artists/100% Pure` typed into the address bar.
    expect(routeParam('100%%20Pure')).toBe('100% Pure');
    // A broken sequence beside good ones: only the broken bytes stay escaped.
    expect(routeParam('%C3%A9%E0%A4%C3%A9')).toBe('é%E0%A4é');
    // Overlong and surrogate encodings are not valid UTF-8.
    expect(routeParam('%C0%AF')).toBe('%C0%AF');
    expect(routeParam('%ED%A0%80')).toBe('%ED%A0%80');
    expect(routeParam('%FF')).toBe('%FF');
  });

  it('leaves plain text and absent parameters alone', () => {
    expect(routeParam(undefined)).toBe('');
    expect(routeParam('')).toBe('');
    expect(routeParam('Sigur Rós')).toBe('Sigur Rós');
    expect(routeParam('a+b')).toBe('a+b');
  });
});

describe('encodeSegment', () => {
  it('never leaves a character that ends or splits a segment', () => {
    for (const name of NAMES) {
      expect(encodeSegment(name)).not.toMatch(/[/?#\s]/);
    }
  });

  it('keeps . and .. from being read as steps in the path', () => {
    expect(encodeSegment('.')).toBe('.%20');
    expect(encodeSegment('..')).toBe('..%20');
    expect(encodeSegment('...')).toBe('...');
    expect(new URL(`http://x/artists/${encodeSegment('..')}`).pathname).toBe('/artists/..%20');
    expect(routeParam(encodeSegment('..')).trim()).toBe('..');
  });

  it('does not throw on a lone surrogate', () => {
    expect(encodeSegment('a\uD800b')).toBe('a%EF%BF%BDb');
    expect(encodeSegment('\uDC00')).toBe('%EF%BF%BD');
    expect(encodeSegment('🎸')).toBe('%F0%9F%8E%B8');
  });
});

describe('artist paths', () => {
  it('encode the name as one segment', () => {
    expect(artistPath('AC/DC')).toBe('/artists/AC%2FDC');
    expect(artistPath('#1 Record')).toBe('/artists/%231%20Record');
    expect(artistNotFoundPath('What?')).toBe('/artists/not-found/What%3F');
    expect(artistNotFoundPath('100%')).toBe('/artists/not-found/100%25');
  });
});
