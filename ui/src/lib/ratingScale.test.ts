import { describe, expect, it } from 'vitest';
import { ratingAt, starFill, stepRating, titleSize } from './ratingScale';

describe('the half-step scale', () => {
  it('maps a position across the control to a half step', () => {
    expect(ratingAt(0, 200)).toBe(0.5);
    expect(ratingAt(5, 200)).toBe(0.5);
    expect(ratingAt(10, 200)).toBe(0.5);
    expect(ratingAt(11, 200)).toBe(1);
    expect(ratingAt(100, 200)).toBe(5);
    expect(ratingAt(101, 200)).toBe(5.5);
    expect(ratingAt(199, 200)).toBe(10);
    expect(ratingAt(500, 200)).toBe(10);
    expect(ratingAt(-20, 200)).toBe(0.5);
  });

  it('steps by halves within 0.5 and 10', () => {
    expect(stepRating(null, 1)).toBe(0.5);
    expect(stepRating(null, -1)).toBe(10);
    expect(stepRating(7, 1)).toBe(7.5);
    expect(stepRating(10, 1)).toBe(10);
    expect(stepRating(0.5, -1)).toBe(0.5);
  });

  it('fills stars whole and half', () => {
    expect([0, 1, 2, 3].map((i) => starFill(2.5, i))).toEqual([1, 1, 0.5, 0]);
  });
});

describe('the title-shrink rule', () => {
  it('shrinks past 22, 26, 32 and 35 characters', () => {
    expect(titleSize('x'.repeat(22))).toBe('title-xl');
    expect(titleSize('x'.repeat(23))).toBe('title-l');
    expect(titleSize('x'.repeat(26))).toBe('title-l');
    expect(titleSize('x'.repeat(27))).toBe('title-m');
    expect(titleSize('x'.repeat(33))).toBe('title-s');
    expect(titleSize('x'.repeat(36))).toBe('title-xs');
  });
});
