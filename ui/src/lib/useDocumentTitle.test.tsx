import { render } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { documentTitle, useDocumentTitle } from './useDocumentTitle';

function Titled({ title }: { title?: string | null }) {
  useDocumentTitle(title);
  return null;
}

describe('document titles', () => {
  afterEach(() => {
    document.title = '';
  });

  it('puts the page before the site name, and only the site name without one', () => {
    expect(documentTitle('Kid A by Radiohead')).toBe('Kid A by Radiohead · halfstar');
    expect(documentTitle('  Charts  ')).toBe('Charts · halfstar');
    expect(documentTitle('')).toBe('halfstar');
    expect(documentTitle(null)).toBe('halfstar');
    expect(documentTitle(undefined)).toBe('halfstar');
  });

  it('sets the title when mounted and follows the page when it changes', () => {
    document.title = 'the previous page';
    const view = render(<Titled title={undefined} />);
    expect(document.title).toBe('halfstar');
    view.rerender(<Titled title="vinylvera" />);
    expect(document.title).toBe('vinylvera · halfstar');
    view.rerender(<Titled title="Top Albums of 1997" />);
    expect(document.title).toBe('Top Albums of 1997 · halfstar');
  });
});
