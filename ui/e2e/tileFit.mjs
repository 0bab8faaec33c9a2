// Measures, in the page, which parts of each album tile are cut off: a part is
// cut off when it reaches outside its tile or outside a box that clips it, or
// when its own text is clipped without an ellipsis and a title that gives the
// whole text.
export function tilesCutOff(page) {
  return page.evaluate(() => {
    const parts = [
      '.tile-artist',
      '.tile-title',
      '.tile-year',
      '.tile-average',
      '.tile-user-rating',
      '.tile-genres a',
      '.tile-more-genres',
      '.tile-action',
      '.tile-list-button',
    ].join(', ');
    const inside = (rect, box) =>
      rect.left >= box.left - 1 && rect.right <= box.right + 1 && rect.top >= box.top - 1 && rect.bottom <= box.bottom + 1;
    const problems = [];
    for (const tile of document.querySelectorAll('.album-tile')) {
      const box = tile.getBoundingClientRect();
      if (box.width === 0) continue;
      for (const part of tile.querySelectorAll(parts)) {
        const style = getComputedStyle(part);
        if (style.display === 'none' || style.visibility === 'hidden') continue;
        const rect = part.getBoundingClientRect();
        const name = `${tile.getAttribute('aria-label')} at ${Math.round(box.width)}x${Math.round(box.height)}: ${part.className || part.tagName} "${part.textContent.trim()}"`;
        let clipper = null;
        for (let box = part.parentElement; box && box !== tile.parentElement; box = box.parentElement) {
          if (getComputedStyle(box).overflow !== 'visible' && !inside(rect, box.getBoundingClientRect())) clipper = box;
        }
        if (clipper) {
          problems.push(`${name} reaches outside ${clipper === tile ? 'its tile' : clipper.className}`);
          continue;
        }
        const clipped = part.scrollWidth > part.clientWidth + 1 || part.scrollHeight > part.clientHeight + 1;
        const shortened = style.textOverflow === 'ellipsis' || style.webkitLineClamp !== 'none';
        if (clipped && !(shortened && part.getAttribute('title') === part.textContent.trim())) {
          problems.push(`${name} is clipped (${part.scrollWidth}x${part.scrollHeight} in ${part.clientWidth}x${part.clientHeight})`);
        }
      }
    }
    return problems;
  });
}
