import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render } from '@testing-library/preact';
import { Cover } from './Cover';
import { mediaKey } from '../lib/media';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const URL = 'https://coverartarchive.org/release/1/front-500.jpg';
const KEY = mediaKey(URL);

/** Loads the picture as if the server answered one `width` pixels wide. */
function load(img: HTMLImageElement, width: number) {
  Object.defineProperty(img, 'naturalWidth', { value: width, configurable: true });
  fireEvent.load(img);
}

describe('a cover', () => {
  it("asks the site for its copy, sized as it is shown, over the generated cover", () => {
    const view = render(<Cover src={URL} name="OK Computer" alt="Cover of OK Computer" sizes="180px" />);
    const wrapper = view.getByRole('img', { name: 'Cover of OK Computer' });
    expect(wrapper.textContent).toBe('OC');
    const img = wrapper.querySelector('img') as HTMLImageElement;
    expect(img.getAttribute('src')).toBe(`/media/${KEY}/320.webp`);
    expect(img.getAttribute('srcset')).toBe(`/media/${KEY}/96.webp 96w, /media/${KEY}/320.webp 320w, /media/${KEY}/640.webp 640w`);
    expect(img.getAttribute('sizes')).toBe('180px');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('decoding')).toBe('async');
    // Announced once, by the wrapper.
    expect(img.getAttribute('alt')).toBe('');
    expect(view.getAllByRole('img')).toHaveLength(1);
    expect(view.container.innerHTML).not.toContain('coverartarchive');

    load(img, 320);
    expect(wrapper.classList.contains('pictured')).toBe(true);
  });

  it("keeps the initials showing through the site's stand-in and after a failure", () => {
    const view = render(<Cover src={URL} name="Kid A" alt="Cover of Kid A" sizes="96px" />);
    const wrapper = view.getByRole('img', { name: 'Cover of Kid A' });
    load(wrapper.querySelector('img') as HTMLImageElement, 1);
    expect(wrapper.classList.contains('pictured')).toBe(false);
    fireEvent.error(wrapper.querySelector('img') as HTMLImageElement);
    expect(wrapper.querySelector('img')).toBeNull();
    expect(wrapper.textContent).toBe('KA');
  });

  it('without an address is the generated cover alone, and hidden when decorative', () => {
    const view = render(<Cover src="" name="Low" alt="" sizes="44px" />);
    expect(view.container.querySelector('img')).toBeNull();
    expect(view.container.firstElementChild?.getAttribute('aria-hidden')).toBe('true');
    expect(view.queryAllByRole('img')).toHaveLength(0);
  });

  it('asks again for a picture just saved, when it is the page\'s large one', () => {
    vi.useFakeTimers();
    const view = render(<Cover src={URL} name="Low" alt="Cover of Low" sizes="340px" retry />);
    load(view.container.querySelector('img') as HTMLImageElement, 1);
    act(() => {
      vi.advanceTimersByTime(2_000);
    });
    const again = view.container.querySelector('img') as HTMLImageElement;
    expect(again.getAttribute('src')).toBe(`/media/${KEY}/320.webp?try=1`);
    expect(again.getAttribute('srcset')).toContain(`/media/${KEY}/640.webp?try=1 640w`);
    load(again, 640);
    expect(view.getByRole('img', { name: 'Cover of Low' }).classList.contains('pictured')).toBe(true);
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect((view.container.querySelector('img') as HTMLImageElement).getAttribute('src')).toContain('?try=1');
  });

  it('does not ask again for a small one', () => {
    vi.useFakeTimers();
    const view = render(<Cover src={URL} name="Low" alt="" sizes="96px" />);
    load(view.container.querySelector('img') as HTMLImageElement, 1);
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect((view.container.querySelector('img') as HTMLImageElement).getAttribute('src')).toBe(`/media/${KEY}/320.webp`);
  });
});
