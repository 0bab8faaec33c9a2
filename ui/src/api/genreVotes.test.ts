import { describe, expect, it } from 'vitest';
import { votesLine } from './genreVotes';

describe('votesLine', () => {
  const votes = { voters: 1, enoughVoters: 3, decided: false, locked: false };
  it('says how many more votes decide the genres', () => {
    expect(votesLine(votes)).toBe("Editors' genres: members' votes decide once 3 have voted (2 more needed).");
  });
  it("names the voters once the votes decide, and the editors' lock", () => {
    expect(votesLine({ ...votes, voters: 4, decided: true })).toBe("Genres by 4 members' votes.");
    expect(votesLine({ ...votes, voters: 4, locked: true })).toBe('Genres locked by the editors.');
  });
});
