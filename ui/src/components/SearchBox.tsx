import { useEffect, useRef, useState } from 'react';
import { useUniqueId } from '../lib/useUniqueId';
import { useLocation } from 'wouter-preact';
import { useCatalogueSearch } from '../api/queries';
import { listPath } from '../api/lists';
import { artistPath } from '../lib/paths';
import { useSettled } from '../lib/useSettled';
import { albumPath } from './AlbumTile';
import { albumCount } from './ListCard';

interface Option {
  key: string;
  label: string;
  detail: string;
  href: string;
  /** The first of a group with a heading of its own (the lists). */
  heading?: string;
}

/**
 * 'Search an Artist': Enter goes to the artist page of what was typed; as
 * you type, matching artists, albums and public lists are listed, reachable
 * with the arrow keys. The text clears on every path change.
 */
export function SearchBox({ autoFocus = false, onDone }: { autoFocus?: boolean; onDone?: () => void }) {
  const [location, navigate] = useLocation();
  const [text, setText] = useState('');
  const [active, setActive] = useState(-1);
  const [open, setOpen] = useState(false);
  const listId = useUniqueId();
  // The list closes a moment after the input loses focus (so a click on an
  // option lands first); coming back before then must keep it open, or a
  // quick return to the box would type into a list that never shows.
  const closing = useRef<ReturnType<typeof setTimeout>>();
  const keepOpen = () => {
    clearTimeout(closing.current);
    setOpen(true);
  };
  useEffect(() => () => clearTimeout(closing.current), []);
  const query = useSettled(text.trim());

  useEffect(() => {
    setText('');
    setOpen(false);
  }, [location]);

  const results = useCatalogueSearch(query);

  const options: Option[] = [
    ...(results.data?.artists ?? []).map((artist) => ({
      key: `artist-${artist.artistId}`,
      label: artist.name,
      detail: 'Artist',
      href: artistPath(artist.slug),
    })),
    ...(results.data?.albums ?? []).map((album) => ({
      key: `album-${album.albumId}`,
      label: album.title,
      detail: `${album.artist} · ${album.releaseYear}`,
      href: albumPath(album),
    })),
    ...(results.data?.lists ?? []).map((list, index) => ({
      key: `list-${list.listId}`,
      label: list.title,
      detail: `List by ${list.author || 'Unknown'} · ${albumCount(list.entryCount)}`,
      href: listPath(list),
      heading: index === 0 ? 'Lists' : undefined,
    })),
  ];
  const showList = open && query.length > 0 && text.trim().length > 0 && options.length > 0;

  const go = (href: string) => {
    navigate(href);
    setOpen(false);
    onDone?.();
  };

  return (
    <form
      class="search"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        if (showList && active >= 0 && options[active]) return go(options[active].href);
        const typed = text.trim();
        // The name as typed: the server finds names and slugs alike, and the
        // not-found page quotes it.
        if (typed) go(artistPath(typed));
      }}
    >
      <input
        type="search"
        placeholder="Search an Artist"
        aria-label="Search artists, albums and lists"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listId}
        aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
        autoFocus={autoFocus}
        value={text}
        onInput={(event) => {
          setText(event.currentTarget.value);
          setActive(-1);
          keepOpen();
        }}
        onBlur={() => {
          closing.current = setTimeout(() => setOpen(false), 150);
        }}
        onFocus={keepOpen}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && options.length) {
            event.preventDefault();
            setOpen(true);
            setActive((i) => (i + 1) % options.length);
          } else if (event.key === 'ArrowUp' && options.length) {
            event.preventDefault();
            setActive((i) => (i <= 0 ? options.length - 1 : i - 1));
          } else if (event.key === 'Escape') {
            setOpen(false);
            setActive(-1);
          }
        }}
      />
      {showList && (
        <ul class="search-results" id={listId} role="listbox" aria-label="Search results">
          {options.map((option, index) => [
            option.heading && (
              <li key={`${option.key}-heading`} role="presentation" class="search-group" aria-hidden="true">
                {option.heading}
              </li>
            ),
            <li
              key={option.key}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              class={index === active ? 'active' : ''}
              onMouseDown={(event) => {
                event.preventDefault();
                go(option.href);
              }}
            >
              <span class="search-label">{option.label}</span>
              <span class="search-detail">{option.detail}</span>
            </li>,
          ])}
        </ul>
      )}
    </form>
  );
}
