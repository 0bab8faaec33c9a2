import { describe, expect, it } from 'vitest';
import { itemOf } from './useArrivalAtHash';

describe('the item a link names', () => {
  it('reads the hash, decoding what was encoded and keeping a stray % as typed', () => {
    expect(itemOf('#comment-12')).toBe('comment-12');
    expect(itemOf('#shout%2D3')).toBe('shout-3');
    expect(itemOf('#100%')).toBe('100%');
    expect(itemOf('#%E0%A4%A')).toBe('%E0%A4%A');
    expect(itemOf('')).toBe('');
  });
});
