import { useEffect, useRef, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { CloseIcon, defineIcon } from '@/components/ui/icons';
import { SEARCH_PATH, SearchForm } from '@/components/search/search-form';
import { isSearchShortcut } from './search-shortcut';

export const HEADER_SEARCH_PANEL_ID = 'header-search-panel';
export const HEADER_SEARCH_INPUT_ID = 'header-search-q';

export const SearchIcon = defineIcon(
  <>
    <circle cx="11" cy="11" r="7" />
    <path d="M20 20l-4.2-4.2" />
  </>,
);

interface HeaderSearchProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The header's search: a button that shows a search field under the bar (a disclosure), also
 * opened with "/" from anywhere but a field. Escape or a click elsewhere closes it, and Escape
 * returns focus to the button. Without JavaScript the button is a link to the search page,
 * whose form the server renders. Its code is this file and the form: the header is in every
 * page's first load.
 */
export function HeaderSearch({ open, onOpenChange }: HeaderSearchProps) {
  const rootRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      // An open modal dialog makes the page (and this header) inert.
      if (!isSearchShortcut(event) || rootRef.current?.closest('[inert]')) return;
      event.preventDefault();
      onOpenChange(true);
      // Already open: the field is on screen (otherwise the effect below focuses it once shown).
      inputRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [onOpenChange]);

  useEffect(() => {
    if (open) inputRef.current?.focus();
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const closeOnOutsidePointer = (event: PointerEvent) => {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) onOpenChange(false);
    };
    document.addEventListener('pointerdown', closeOnOutsidePointer);
    return () => {
      document.removeEventListener('pointerdown', closeOnOutsidePointer);
    };
  }, [open, onOpenChange]);

  const onKeyDown = (event: ReactKeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    // Escape in a search field would otherwise also clear it.
    event.preventDefault();
    event.stopPropagation();
    onOpenChange(false);
    toggleRef.current?.focus();
  };

  return (
    <div ref={rootRef} className="header-search" onKeyDown={onKeyDown}>
      <button
        ref={toggleRef}
        type="button"
        className="header-search__toggle"
        aria-expanded={open}
        aria-controls={HEADER_SEARCH_PANEL_ID}
        onClick={() => {
          onOpenChange(!open);
        }}
      >
        {open ? <CloseIcon size={22} /> : <SearchIcon size={22} />}
        <span className="visually-hidden">Search</span>
      </button>
      <noscript>
        <a href={SEARCH_PATH} className="header-search__toggle">
          <SearchIcon size={22} />
          <span className="visually-hidden">Search</span>
        </a>
      </noscript>
      <div
        id={HEADER_SEARCH_PANEL_ID}
        className={open ? 'header-search__panel header-search__panel--open' : 'header-search__panel'}
      >
        <div className="container">
          <SearchForm
            id={HEADER_SEARCH_INPUT_ID}
            hideLabel
            className="search-form--header"
            inputRef={inputRef}
            onSearch={() => {
              onOpenChange(false);
              // Not left on the hidden field (a new page then moves focus to its content).
              toggleRef.current?.focus();
            }}
          />
        </div>
      </div>
    </div>
  );
}
