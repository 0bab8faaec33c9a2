import type { ComponentChildren } from 'preact';
import { useRef, useState } from 'react';
import { useUniqueId } from '../../lib/useUniqueId';

export interface TabDefinition {
  key: string;
  label: string;
  /** Rendered only while the tab is selected, so hidden tabs fetch nothing. */
  content: () => ComponentChildren;
}

/** A horizontal finger move longer than this switches tabs. */
const SWIPE_DISTANCE = 50;

/**
 * ARIA tabs with previous/next arrow buttons and touch swipes. Arrow keys
 * in the tab row wrap around (the ARIA pattern); the buttons and swipes
 * stop at the ends, where the button is disabled.
 */
export function AlbumTabs({ label, tabs }: { label: string; tabs: TabDefinition[] }) {
  const id = useUniqueId();
  const [index, setIndex] = useState(0);
  const touchStart = useRef<{ x: number; y: number } | null>(null);
  const tabId = (i: number) => `${id}-tab-${tabs[i].key}`;
  const panelId = `${id}-panel`;

  const select = (next: number, focus = false) => {
    setIndex(next);
    if (focus) document.getElementById(tabId(next))?.focus();
  };
  const step = (by: 1 | -1) => {
    const next = index + by;
    if (next >= 0 && next < tabs.length) select(next);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const last = tabs.length - 1;
    const target =
      event.key === 'ArrowRight'
        ? (index + 1) % tabs.length
        : event.key === 'ArrowLeft'
          ? (index + last) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (target == null) return;
    event.preventDefault();
    select(target, true);
  };

  const onTouchStart = (event: TouchEvent) => {
    // Controls that read horizontal finger moves themselves (the rating stripe) opt out.
    const inside = (event.target as Element | null)?.closest?.('[data-no-swipe]');
    const touch = event.touches[0];
    touchStart.current = inside || !touch ? null : { x: touch.clientX, y: touch.clientY };
  };
  const onTouchEnd = (event: TouchEvent) => {
    const start = touchStart.current;
    const touch = event.changedTouches[0];
    touchStart.current = null;
    if (!start || !touch) return;
    const dx = touch.clientX - start.x;
    const dy = touch.clientY - start.y;
    // A mostly vertical move is a scroll, not a swipe.
    if (Math.abs(dx) > SWIPE_DISTANCE && Math.abs(dx) > Math.abs(dy)) step(dx < 0 ? 1 : -1);
  };

  return (
    <div class="album-tabs" onTouchStart={onTouchStart} onTouchEnd={onTouchEnd}>
      <div class="album-tabs-bar">
        <button
          type="button"
          class="album-tab-arrow"
          aria-label="Previous tab"
          disabled={index === 0}
          onClick={() => step(-1)}
        >
          ‹
        </button>
        <div class="tabs album-tab-list" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
          {tabs.map((tab, i) => (
            <button
              key={tab.key}
              id={tabId(i)}
              type="button"
              role="tab"
              class="tab"
              aria-selected={i === index}
              aria-controls={i === index ? panelId : undefined}
              tabIndex={i === index ? 0 : -1}
              onClick={() => select(i)}
            >
              {tab.label}
            </button>
          ))}
        </div>
        <button
          type="button"
          class="album-tab-arrow"
          aria-label="Next tab"
          disabled={index === tabs.length - 1}
          onClick={() => step(1)}
        >
          ›
        </button>
      </div>
      <div id={panelId} class="album-tab-panel" role="tabpanel" aria-labelledby={tabId(index)} tabIndex={0}>
        {tabs[index].content()}
      </div>
    </div>
  );
}
