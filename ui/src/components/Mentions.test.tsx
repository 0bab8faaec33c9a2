import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/preact';
import { mentionParts } from './Mentions';
import { Paragraphs } from './Paragraphs';

afterEach(cleanup);

describe('mentions in member text', () => {
  it('finds names as the server does, not in email addresses or too short', () => {
    expect(mentionParts('@mira99 and @lowend.theo, ask @Mira99. Mail me@example.org')).toEqual([
      { mention: 'mira99' },
      ' and ',
      { mention: 'lowend.theo' },
      ', ask ',
      { mention: 'Mira99' },
      '. Mail me@example.org',
    ]);
    expect(mentionParts('(@crate_digger) @x @ok-')).toEqual(['(', { mention: 'crate_digger' }, ') @x @ok-']);
    expect(mentionParts('no mentions here @ all')).toEqual(['no mentions here @ all']);
  });

  it('links each mention to the profile wherever Paragraphs shows text', () => {
    const view = render(<Paragraphs text={'Great call @shoegaze_sam.\n\nSecond paragraph'} />);
    const link = view.getByRole('link', { name: '@shoegaze_sam' });
    expect(link.getAttribute('href')).toBe('/user/shoegaze_sam');
    expect(view.container.querySelectorAll('p')).toHaveLength(2);
    expect(view.container.textContent).toBe('Great call @shoegaze_sam.Second paragraph');
  });
});
