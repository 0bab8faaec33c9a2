import { describe, expect, it } from 'vitest';
import { formatLength, parseTracklist, tracklistText } from './tracklistText';

describe('a typed tracklist', () => {
  it('reads titles, lengths, discs and drops track numbers', () => {
    const tracks = parseTracklist('1. Airbag 4:44\n02 - Paranoid Android (6:23)\n\nDisc 2\nLucky\nThe Tourist 1:05:01');
    expect(tracks).toEqual([
      { disc: 1, position: 1, title: 'Airbag', lengthMs: 284000, recordingMbid: null },
      { disc: 1, position: 2, title: 'Paranoid Android', lengthMs: 383000, recordingMbid: null },
      { disc: 2, position: 1, title: 'Lucky', lengthMs: null, recordingMbid: null },
      { disc: 2, position: 2, title: 'The Tourist', lengthMs: 3901000, recordingMbid: null },
    ]);
  });

  it('keeps a title that is only a number and a recording whose track stayed put', () => {
    const before = [{ disc: 1, position: 1, title: '1979', lengthMs: 266000, recordingMbid: 'abc' }];
    expect(parseTracklist('1979 4:26', before)[0]).toEqual(before[0]);
    expect(parseTracklist('Zero 4:26', before)[0].recordingMbid).toBeNull();
  });

  it('writes back what it reads', () => {
    const text = 'Disc 1\nAirbag 4:44\nDisc 2\nLucky';
    expect(tracklistText(parseTracklist(text))).toBe(text);
    expect(tracklistText(parseTracklist('Airbag 4:44\nLucky'))).toBe('Airbag 4:44\nLucky');
    expect(formatLength(59_600)).toBe('1:00');
  });
});
