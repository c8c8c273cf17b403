import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { HeaderPlaceholder } from '@/components/layouts/page-header';
import { company } from '@/config/company';
import { withQueryProvider } from '@/lib/query-client';
import { useInitialResource } from '@/lib/render-context';
import { PostView } from '@/features/blog/blog-post-page';
import { formatPostDate } from '@/components/blog/post-dates';
import { metaName } from '@/lib/head';
import { useHead } from '@/lib/use-head';
import { PageSeo } from '@/features/seo/page-seo-view';
import { BlockPage } from '@/components/blocks/block-page';
import {
  isRefusal,
  PREVIEW_RESOURCE,
  previewQuery,
  type Preview,
  type PreviewResult,
} from '@/features/preview/preview-query';
import '@/features/preview/preview.css';

/** Renders the public page at a route (the app's route table knows them); null for none. */
export type RenderPublicPage = (route: string) => ReactNode | null;

const NOINDEX = metaName('robots', 'noindex, nofollow');

const PREVIEW_NOTES: Record<Preview['kind'], string> = {
  post: 'This post is not published yet.',
  page: 'These page changes are not saved yet.',
  block_page: 'This version of the page is not live yet.',
};

function PreviewBanner({ preview }: { preview: Preview }) {
  return (
    <aside className="preview-banner" aria-label="Preview">
      <div className="container preview-banner__inner">
        <strong>Preview</strong>
        <span>
          {PREVIEW_NOTES[preview.kind]} This link expires on{' '}
          <time dateTime={preview.expires_at}>{formatPostDate(preview.expires_at)}</time>.
        </span>
      </div>
    </aside>
  );
}

function PreviewRefused({ message }: { message: string }) {
  useHead({ title: `Preview unavailable | ${company.name}`, metas: [NOINDEX] });
  return (
    <div className="status-page">
      <HeaderPlaceholder />
      <div className="container status-page__inner">
        <h1 className="status-page__title">Preview unavailable</h1>
        <p className="status-page__message">{message}. Ask whoever sent it for a new link.</p>
        <Link to="/" className="button button--primary">
          Go to the homepage
        </Link>
      </div>
    </div>
  );
}

function PostPreview({ preview }: { preview: Extract<Preview, { kind: 'post' }> }) {
  useHead({ title: `Preview: ${preview.post.title} | ${company.name}`, metas: [NOINDEX] });
  return <PostView post={preview.post} />;
}

function PagePreview({
  preview,
  renderPage,
}: {
  preview: Extract<Preview, { kind: 'page' }>;
  renderPage: RenderPublicPage;
}) {
  const page = renderPage(preview.page_route);
  // The page's own head, kept out of search engines whatever the record says.
  const record = preview.page ? { ...preview.page, content: preview.content, noindex: true, nofollow: true } : null;
  return (
    <>
      {page}
      <PageSeo route={preview.page_route} record={record} />
    </>
  );
}

function BlockPagePreview({ preview }: { preview: Extract<Preview, { kind: 'block_page' }> }) {
  useHead({ title: `Preview: ${preview.name} | ${company.name}`, metas: [NOINDEX] });
  return <BlockPage blocks={preview.blocks} route={preview.route} />;
}

function PreviewScreen({ renderPage }: { renderPage: RenderPublicPage }) {
  const { token = '' } = useParams();
  const embedded = useInitialResource(PREVIEW_RESOURCE) as PreviewResult | undefined;
  const { data, isError, error } = useQuery({ ...previewQuery(token), initialData: () => embedded });

  if (isError) return <PreviewRefused message={`The preview could not be loaded: ${error.message}`} />;
  if (!data) {
    return (
      <div className="status-page" aria-busy="true">
        <HeaderPlaceholder />
        <p className="container" role="status">
          Loading preview…
        </p>
      </div>
    );
  }
  if (isRefusal(data)) return <PreviewRefused message={data.refused} />;
  return (
    <>
      <PreviewBanner preview={data} />
      {data.kind === 'post' && <PostPreview preview={data} />}
      {data.kind === 'page' && <PagePreview preview={data} renderPage={renderPage} />}
      {data.kind === 'block_page' && <BlockPagePreview preview={data} />}
    </>
  );
}

/**
 * /preview/{token}: a draft post or an unsaved page change, for someone without the passcode.
 * Never indexed (the server also says so in X-Robots-Tag), never cached.
 */
export const PreviewPage = withQueryProvider(PreviewScreen);
