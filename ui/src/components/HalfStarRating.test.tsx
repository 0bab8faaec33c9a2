import { act, fireEvent, render } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { RatingStripe } from './HalfStarRating';

describe("the touch screen's rating stripe", () => {
  it('is a slider a screen reader can name, read and set', () => {
    const onChange = vi.fn();
    const { getByRole } = render(<RatingStripe value={null} onChange={onChange} label="Rate Kid A" />);
    const slider = getByRole('slider', { name: 'Rate Kid A' }) as HTMLInputElement;
    expect(slider.getAttribute('aria-valuetext')).toBe('Not rated');
    slider.value = '7.5';
    fireEvent.input(slider);
    expect(slider.getAttribute('aria-valuetext')).toBe('7.5 out of 10');
    expect(onChange).not.toHaveBeenCalled();
    act(() => void slider.dispatchEvent(new Event('change')));
    expect(onChange).toHaveBeenCalledWith(7.5);
  });
});
