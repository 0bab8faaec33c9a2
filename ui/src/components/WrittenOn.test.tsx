import { render } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { WrittenOn } from './WrittenOn';

describe('WrittenOn', () => {
  it('dates what was written as the spec has it, with the whole date on hover', () => {
    const { container } = render(<WrittenOn at="2025-03-02T10:00:00.000Z" />);
    const time = container.querySelector('time')!;
    expect(time.textContent).toBe('2025-03-02');
    expect(time.getAttribute('title')).toBe('March 2nd, 2025');
    expect(container.textContent).not.toContain('Imported');
  });

  it('marks a review brought from another site', () => {
    const { getByText } = render(<WrittenOn at="2025-03-02T10:00:00.000Z" imported />);
    expect(getByText('Imported').getAttribute('title')).toMatch(/another site/);
  });
});
