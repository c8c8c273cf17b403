import type { Ref, SubmitEvent } from 'react';
import { useNavigate } from 'react-router';

/** The search page (features/search), rendered by the server for `?q=` and `?page=`. */
export const SEARCH_PATH = '/search';

/** search_site refuses longer queries (400), so the field stops there. */
export const MAX_SEARCH_LENGTH = 200;

/** The search page's address for `query` (trimmed) and `page`: `/search` alone for a blank query. */
export function searchHref(query: string, page = 1): string {
  const q = query.trim();
  if (q === '') return SEARCH_PATH;
  const params = new URLSearchParams({ q });
  if (page > 1) params.set('page', String(page));
  return `${SEARCH_PATH}?${params.toString()}`;
}

interface SearchFormProps {
  /** The input's id (its label points at it); unique on the page. */
  id: string;
  /** The query the field starts with (the page's own, on the search page). */
  defaultQuery?: string;
  /** Shown above the field, or only to assistive technology with `hideLabel`. */
  label?: string;
  hideLabel?: boolean;
  placeholder?: string;
  className?: string;
  inputRef?: Ref<HTMLInputElement>;
  /** Called after the form has sent the visitor to the results (the header closes its panel). */
  onSearch?: () => void;
}

/**
 * A site search form. Without JavaScript it is a plain GET form to /search, which the server
 * renders; with it, it navigates in the app (no page load).
 */
export function SearchForm({
  id,
  defaultQuery = '',
  label = 'Search the site',
  hideLabel = false,
  placeholder = 'Claims, denials, CMNs…',
  className,
  inputRef,
  onSearch,
}: SearchFormProps) {
  const navigate = useNavigate();

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const query = new FormData(event.currentTarget).get('q');
    void navigate(searchHref(typeof query === 'string' ? query : ''));
    onSearch?.();
  };

  return (
    <form
      role="search"
      action={SEARCH_PATH}
      method="get"
      className={className ? `search-form ${className}` : 'search-form'}
      onSubmit={submit}
    >
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : 'search-form__label'}>
        {label}
      </label>
      <div className="search-form__row">
        <input
          ref={inputRef}
          id={id}
          name="q"
          type="search"
          className="field__control search-form__input"
          defaultValue={defaultQuery}
          maxLength={MAX_SEARCH_LENGTH}
          placeholder={placeholder}
          autoComplete="off"
          enterKeyHint="search"
        />
        <button type="submit" className="button button--primary search-form__submit">
          Search
        </button>
      </div>
    </form>
  );
}
