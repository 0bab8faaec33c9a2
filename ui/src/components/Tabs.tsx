import { useUniqueId } from '../lib/useUniqueId';

/**
 * A row of tabs (ARIA tablist): click or arrow keys choose. The panel is
 * the caller's, labelled by `panelProps`.
 */
export function Tabs<T extends string>({
  label,
  tabs,
  selected,
  onSelect,
}: {
  label: string;
  tabs: ReadonlyArray<readonly [T, string]>;
  selected: T;
  onSelect: (tab: T) => void;
}) {
  const id = useUniqueId();
  const index = tabs.findIndex(([key]) => key === selected);
  const move = (by: number) => {
    const next = tabs[(index + by + tabs.length) % tabs.length][0];
    onSelect(next);
    document.getElementById(`${id}-${next}`)?.focus();
  };
  return (
    <div
      class="tabs"
      role="tablist"
      aria-label={label}
      onKeyDown={(event) => {
        if (event.key === 'ArrowRight') move(1);
        else if (event.key === 'ArrowLeft') move(-1);
      }}
    >
      {tabs.map(([key, text]) => (
        <button
          key={key}
          id={`${id}-${key}`}
          type="button"
          role="tab"
          class="tab"
          aria-selected={key === selected}
          tabIndex={key === selected ? 0 : -1}
          onClick={() => onSelect(key)}
        >
          {text}
        </button>
      ))}
    </div>
  );
}
