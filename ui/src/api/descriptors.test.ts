import { describe, expect, it } from 'vitest';
import { membersCount, wordsOf } from './descriptors';
import type { Descriptor } from './types';

const word = (name: string, kind: Descriptor['kind']): Descriptor => ({ slug: name.replace(/ /g, '-'), name, kind, meaning: '' });

describe('descriptors', () => {
  it('lists the words of one kind by name', () => {
    const vocabulary = [word('lush', 'sound'), word('dreamy', 'mood'), word('calm', 'mood')];
    expect(wordsOf(vocabulary, 'mood').map((w) => w.name)).toEqual(['calm', 'dreamy']);
  });

  it('counts members in words', () => {
    expect(membersCount(1)).toBe('1 member');
    expect(membersCount(3)).toBe('3 members');
  });
});
