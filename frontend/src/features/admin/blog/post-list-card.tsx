import { useQuery } from '@tanstack/react-query';
import { AdminEmpty } from '@/features/admin/shared/admin-empty';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { formatDate } from '@/features/admin/shared/format-date';
import { AdminButton } from '@/features/admin/shared/admin-button';
import { AdminCard } from '@/features/admin/shared/admin-card';
import { AdminLoading } from '@/features/admin/shared/admin-loading';
import { AdminRowActions } from '@/features/admin/shared/admin-row-actions';
import { AdminSelectField, type SelectOption } from '@/features/admin/shared/admin-select-field';
import { useFailureToast } from '@/features/admin/shared/error-toast';
import { confirmLeave } from '@/features/admin/shared/unsaved-changes';
import { postStatus, type BlogPost } from './blog-post';
import {
  DEFAULT_POST_FILTERS,
  POST_STATUSES,
  POST_STATUS_LABELS,
  pageCount,
  shownRange,
  type PostListFilters,
} from './post-list';
import { adminPostFacetsQuery, adminPostListQuery } from './post-list-query';

interface PostListCardProps {
  filters: PostListFilters;
  onFiltersChange: (filters: PostListFilters) => void;
  /** Editors and owners list every post; an author their own. */
  onlyAuthor: string | null;
  /** Whether this user may change the post (else the row says why not). */
  mayChange: (post: BlogPost) => boolean;
  /** The address of a post's screen, keeping the list's filters. */
  postHref: (id: string) => string;
  onEdit: (id: string) => void;
  /** Deletes the post (after asking); `then` runs once it is gone (focus moves off its row). */
  onDelete: (post: BlogPost, then: () => void) => void;
}

/** Typing waits this long before the list is asked again. */
const SEARCH_DELAY_MS = 250;

/**
 * The spec's 'Existing Posts' list, paged, searched and filtered by the server (status chips,
 * category, author), its filters in the address so a view can be reloaded or shared.
 */
export function PostListCard({
  filters,
  onFiltersChange,
  onlyAuthor,
  mayChange,
  postHref,
  onEdit,
  onDelete,
}: PostListCardProps) {
  const id = useId();
  const list = useQuery(adminPostListQuery(filters, onlyAuthor));
  const facets = useQuery(adminPostFacetsQuery());
  useFailureToast(list.isError, 'Error', 'Failed to load blog posts.');

  // The box shows each key typed; the list follows once typing pauses.
  const searchBox = useRef<HTMLInputElement>(null);
  const [search, setSearch] = useState(filters.search);
  // The address changed it (Clear filters, Back): the box shows that.
  const [addressSearch, setAddressSearch] = useState(filters.search);
  if (filters.search !== addressSearch) {
    setAddressSearch(filters.search);
    setSearch(filters.search);
  }
  useEffect(() => {
    if (search === filters.search) return;
    const timer = window.setTimeout(() => {
      onFiltersChange({ ...filters, search, page: 1 });
    }, SEARCH_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
    };
  }, [search, filters, onFiltersChange]);

  const change = (next: Partial<PostListFilters>) => {
    onFiltersChange({ ...filters, page: 1, ...next });
  };
  const narrowed = JSON.stringify({ ...filters, page: 1 }) !== JSON.stringify(DEFAULT_POST_FILTERS);
  const categoryOptions: readonly SelectOption<string>[] = [
    ['', 'All categories'],
    ...(facets.data?.categories ?? []).map((category): SelectOption<string> => [category, category]),
  ];
  const authorOptions: readonly SelectOption<string>[] = [
    ['', 'All authors'],
    ...(facets.data?.authors ?? []).map(({ id: author, name }): SelectOption<string> => [author, name]),
  ];
  const total = list.data?.total ?? 0;
  const pages = pageCount(total);
  const posts = list.data?.posts ?? [];

  return (
    <AdminCard titleId="existing-posts-title" title={onlyAuthor ? 'Your posts' : 'Existing Posts'}>
      <div className="post-list__filters" role="search" aria-label="Find posts">
        <div className="admin-field post-list__search">
          <label htmlFor={`${id}-search`}>Search posts</label>
          <input
            ref={searchBox}
            id={`${id}-search`}
            type="search"
            value={search}
            maxLength={200}
            placeholder="Title or description"
            onChange={(event) => {
              setSearch(event.target.value);
            }}
          />
        </div>
        <AdminSelectField
          id={`${id}-category`}
          label="Category"
          value={filters.category}
          options={categoryOptions}
          onChange={(category) => {
            change({ category });
          }}
        />
        {!onlyAuthor && (
          <AdminSelectField
            id={`${id}-author`}
            label="Author"
            value={filters.author}
            options={authorOptions}
            onChange={(author) => {
              change({ author });
            }}
          />
        )}
      </div>
      <div className="post-list__chips" role="group" aria-label="Show">
        {POST_STATUSES.map((status) => (
          <button
            key={status}
            type="button"
            className="post-list__chip"
            aria-pressed={filters.status === status}
            onClick={() => {
              change({ status });
            }}
          >
            {POST_STATUS_LABELS[status]}
          </button>
        ))}
        {narrowed && (
          <AdminButton
            onClick={() => {
              setSearch('');
              onFiltersChange(DEFAULT_POST_FILTERS);
            }}
          >
            Clear filters
          </AdminButton>
        )}
      </div>
      {list.isPending ? (
        <AdminLoading>Loading posts...</AdminLoading>
      ) : (
        <>
          <p className="admin-muted post-list__count" role="status">
            {list.isError ? 'The posts could not be loaded.' : shownRange(filters.page, posts.length, total)}
          </p>
          <ul className="admin-post-list" aria-busy={list.isFetching}>
            {posts.map((post) => (
              <li key={post.id} className="admin-post">
                <div className="admin-post__body">
                  <h3 className="admin-post__title">
                    {mayChange(post) ? (
                      <Link
                        to={postHref(post.id)}
                        onClick={(event) => {
                          if (!confirmLeave()) event.preventDefault();
                        }}
                      >
                        {post.title}
                      </Link>
                    ) : (
                      post.title
                    )}
                  </h3>
                  <p className="admin-muted">
                    {post.category} · {post.read_time} min read
                    {!onlyAuthor && post.author_name ? ` · ${post.author_name}` : ''}
                  </p>
                  <p>{post.description}</p>
                  <PostStatusBadge post={post} />
                </div>
                {mayChange(post) ? (
                  <AdminRowActions
                    name={post.title}
                    onEdit={() => {
                      onEdit(post.id);
                    }}
                    onDelete={() => {
                      onDelete(post, () => searchBox.current?.focus());
                    }}
                  />
                ) : (
                  <p className="admin-muted admin-post__locked">Published: changes now go through an editor.</p>
                )}
              </li>
            ))}
          </ul>
          {posts.length === 0 && !list.isError && (
            <AdminEmpty>
              {narrowed
                ? 'No post matches these filters.'
                : onlyAuthor
                  ? 'You have no posts yet. Write your first one above.'
                  : 'No posts yet.'}
            </AdminEmpty>
          )}
          {pages > 1 && (
            <nav className="post-list__pages" aria-label="Pages of posts">
              <AdminButton
                disabled={filters.page <= 1}
                onClick={() => {
                  onFiltersChange({ ...filters, page: filters.page - 1 });
                }}
              >
                Newer
              </AdminButton>
              <span>
                Page {filters.page} of {pages}
              </span>
              <AdminButton
                disabled={filters.page >= pages}
                onClick={() => {
                  onFiltersChange({ ...filters, page: filters.page + 1 });
                }}
              >
                Older
              </AdminButton>
            </nav>
          )}
        </>
      )}
    </AdminCard>
  );
}

/** Draft, Published, or Scheduled with its time. */
function PostStatusBadge({ post }: { post: BlogPost }) {
  const status = postStatus(post);
  if (status.label === 'Scheduled') {
    return (
      <span className="admin-badge admin-badge--scheduled">
        Scheduled · <time dateTime={status.at}>{formatDate(status.at)}</time>
      </span>
    );
  }
  return (
    <span className={status.label === 'Published' ? 'admin-badge admin-badge--ok' : 'admin-badge'}>{status.label}</span>
  );
}
