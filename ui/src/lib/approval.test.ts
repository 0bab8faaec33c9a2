import { describe, expect, it } from 'vitest';
import { approvalPercent, approvalText, approvalTone, votesText } from './approval';

describe('approval', () => {
  it('is the rounded share of thumbs up, or nothing without votes', () => {
    expect(approvalPercent(0, 0)).toBeNull();
    expect(approvalPercent(2, 1)).toBe(67);
    expect(approvalPercent(1, 2)).toBe(33);
    expect(approvalPercent(3, 0)).toBe(100);
  });

  it.each([
    [null, 'none'],
    [0, 'low'],
    [49, 'low'],
    [50, 'fair'],
    [70, 'fair'],
    [71, 'high'],
    [100, 'high'],
  ] as const)('%s%% is %s', (percent, tone) => {
    expect(approvalTone(percent)).toBe(tone);
  });

  it("reads 'No Votes' without votes and counts votes in the singular and plural", () => {
    expect(approvalText(null)).toBe('No Votes');
    expect(approvalText(50)).toBe('50%');
    expect(votesText(1)).toBe('1 Vote');
    expect(votesText(0)).toBe('0 Votes');
    expect(votesText(4)).toBe('4 Votes');
  });
});
