import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { PostCardGrid } from '@/components/blog/post-card';
import { ListingPage } from '@/components/layouts/listing-page';
import { HeaderPlaceholder } from '@/components/layouts/page-header';
import { Pagination } from '@/components/ui/pagination';
import { company } from '@/config/company';
import type { BlogArchive } from '@/data/blog/types';
import { ARCHIVE_KIND_LABELS, archiveDescription, archiveHeading } from '@/lib/archive-text';
import { notFoundHead, useNotFoundPage } from '@/lib/not-found-page';
import { withQueryProvider } from '@/lib/query-client';
import { useInitialResource } from '@/lib/render-context';
import type { ArchiveKind } from '@/lib/taxonomy-slug';
import { useHead } from '@/lib/use-head';
import { archivePageCount, archivePagePath, buildArchiveHead } from './archive-head';
import { BLOG_ARCHIVE_RESOURCE, blogArchiveQuery, matchingArchive, type ArchiveRequest } from './blog-archive-query';
import { PostCardSkeletons } from './post-text-skeleton';
import './blog.css';

/** "No published posts in Compliance yet", by kind. */
function emptyText(kind: ArchiveKind, name: string): string {
  const relation = { category: 'in', tag: 'tagged', author: 'by' }[kind];
  return `No published posts ${relation} ${name} yet.`;
}

/**
 * The page `?page=` asks for: 1 when absent, a whole number from 1 up, or null for anything
 * else (the page does not exist). The server reads it the same way.
 */
export function parseArchivePage(value: string | null): number | null {
  if (value === null) return 1;
  return /^[1-9]\d{0,5}$/.test(value) ? Number(value) : null;
}

/** Whether a loaded page of an archive exists: page 1 always, later pages up to the last. */
export function archivePageExists(archive: BlogArchive): boolean {
  return archive.page <= archivePageCount(archive);
}

const headContext = () => ({ companyName: company.name, siteUrl: company.siteUrl });

/** Why an archive page does not exist. */
type Missing =
  { reason: 'unknown-archive' } | { reason: 'unknown-page' } | { reason: 'past-last-page'; archive: BlogArchive };

function missingText(kind: ArchiveKind, slug: string, missing: Missing): string {
  switch (missing.reason) {
    case 'unknown-archive':
      return `The blog has no ${ARCHIVE_KIND_LABELS[kind].toLowerCase()} “${slug}”.`;
    case 'unknown-page':
      return 'This page of posts does not exist.';
    case 'past-last-page': {
      const { archive } = missing;
      const pages = archivePageCount(archive);
      return `${archiveHeading(kind, archive.name)} fill ${pages} page${pages === 1 ? '' : 's'}; there is no page ${archive.page}.`;
    }
  }
}

function ArchiveNotFound({ kind, slug, missing }: { kind: ArchiveKind; slug: string; missing: Missing }) {
  useNotFoundPage();
  useHead(notFoundHead(company.name));
  const toArchive = missing.reason !== 'unknown-archive';
  return (
    <div className="status-page blog-not-found">
      <HeaderPlaceholder />
      <div className="container status-page__inner">
        <h1 className="status-page__title">Page Not Found</h1>
        <p className="status-page__message">{missingText(kind, slug, missing)}</p>
        <Link to={toArchive ? archivePagePath(kind, slug, 1) : '/blog'} className="button button--primary">
          {toArchive ? 'Go to the first page' : 'Back to Blog'}
        </Link>
      </div>
    </div>
  );
}

function ArchiveList({ archive }: { archive: BlogArchive }) {
  useHead(buildArchiveHead(archive, headContext()));
  const { kind, slug, name, page } = archive;
  const heading = archiveHeading(kind, name);
  return (
    <ListingPage
      eyebrow={ARCHIVE_KIND_LABELS[kind]}
      title={heading}
      subtitle={archiveDescription(archive, company.name)}
      label={heading}
      items={archive.posts}
      isPending={false}
      loading={null}
      list={(posts) => (
        <>
          <PostCardGrid posts={posts} idPrefix="post" headingLevel={2} />
          <Pagination
            label={`Pages of ${heading.charAt(0).toLowerCase()}${heading.slice(1)}`}
            page={page}
            pageCount={archivePageCount(archive)}
            href={(target) => archivePagePath(kind, slug, target)}
          />
        </>
      )}
      empty={
        <div className="blog-empty">
          <p>{emptyText(kind, name)}</p>
          <Link to="/blog" className="text-link">
            Browse all posts
          </Link>
        </div>
      }
    />
  );
}

function ArchiveLoading({ kind }: { kind: ArchiveKind }) {
  // The head stays as it was until the archive's name is known.
  useHead(null);
  return (
    <ListingPage
      eyebrow={ARCHIVE_KIND_LABELS[kind]}
      title="Blog posts"
      subtitle=""
      label="Posts"
      items={undefined}
      isPending
      loading={<PostCardSkeletons />}
      list={() => null}
      empty={null}
    />
  );
}

function ArchiveError() {
  useHead(null);
  return (
    <div className="status-page">
      <HeaderPlaceholder />
      <div className="container status-page__inner">
        <h1 className="status-page__title">The posts could not be loaded</h1>
        <p className="status-page__message">Please try again in a moment.</p>
        <Link to="/blog" className="button button--primary">
          Back to Blog
        </Link>
      </div>
    </div>
  );
}

function LoadedArchive({ request }: { request: ArchiveRequest }) {
  const embedded = useInitialResource(BLOG_ARCHIVE_RESOURCE);
  // The server embeds the page it rendered (null: no such archive, whatever the page); a
  // page of another archive or number is asked for.
  const initial = embedded === null ? null : matchingArchive(embedded, request);
  const {
    data: archive,
    isPending,
    isError,
    error,
  } = useQuery({
    ...blogArchiveQuery(request),
    initialData: () => initial,
  });

  useEffect(() => {
    if (isError) console.error(`The ${request.kind} archive "${request.slug}" could not be loaded:`, error);
  }, [isError, error, request.kind, request.slug]);

  if (isError) return <ArchiveError />;
  if (isPending) return <ArchiveLoading kind={request.kind} />;
  if (!archive)
    return <ArchiveNotFound kind={request.kind} slug={request.slug} missing={{ reason: 'unknown-archive' }} />;
  if (!archivePageExists(archive)) {
    return <ArchiveNotFound kind={request.kind} slug={request.slug} missing={{ reason: 'past-last-page', archive }} />;
  }
  return <ArchiveList archive={archive} />;
}

function Archive({ kind }: { kind: ArchiveKind }) {
  const { slug = '' } = useParams();
  const [searchParams] = useSearchParams();
  const page = parseArchivePage(searchParams.get('page'));
  if (page === null) return <ArchiveNotFound kind={kind} slug={slug} missing={{ reason: 'unknown-page' }} />;
  return <LoadedArchive request={{ kind, slug, page }} />;
}

/**
 * /blog/category/{slug}, /blog/tag/{slug} and /blog/author/{slug} (`?page=N`): a category's,
 * tag's or author's published posts as the blog's cards, newest first, twelve a page, with
 * the archive's own head.
 */
export const ArchivePage = withQueryProvider(Archive);
