import { useAfterNavigation, whenShown } from './afterNavigation';

/** How long a new page may take to show its heading (its data may be on its way). */
const WAIT_FOR_HEADING_MS = 5_000;

/**
 * After every move to another page (not the first), focus goes to the new
 * page's main heading, as a screen reader user expects and so that the next
 * Tab starts in the page rather than at the top of the header. It does not
 * take focus from a field the member is typing in, or from anything already
 * in the page; a link naming one item (`#comment-12`) focuses that item
 * instead (`useArrivalAtHash`).
 */
export function useFocusOnNewPage(path: string) {
  useAfterNavigation(path, () => {
    const main = document.getElementById('main');
    if (window.location.hash || !main) return;
    return whenShown(
      main,
      () => {
        const heading = main.querySelector('h1');
        if (!heading) return false;
        const active = document.activeElement;
        const busy = active != null && active !== document.body && (main.contains(active) || active.matches('input, textarea, select'));
        if (!busy) {
          if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
          heading.focus({ preventScroll: true });
        }
        return true;
      },
      WAIT_FOR_HEADING_MS,
    );
  });
}
