import { Link } from 'react-router';
import { ArticleCta, ArticleLayout } from '@/components/article/article-layout';
import { RelatedPosts } from '@/components/blog/related-posts';
import { ContactDialogButton } from '@/components/lead-capture/contact-dialog-button';
import { company } from '@/config/company';
import type { ArticleCtaAction, StaticArticle } from './articles';

/**
 * One static article's page: the shared article frame fed by the article's data and body, and
 * the blog's posts related to it under it.
 */
export function StaticArticlePage({ article, body }: { article: StaticArticle; body: string }) {
  return (
    <>
      <ArticleLayout
        body={body}
        meta={article}
        cta={
          <ArticleCta
            title={article.cta.title}
            text={article.cta.text(company.name)}
            action={<CtaAction action={article.cta.action} />}
          />
        }
      />
      <RelatedPosts slug={article.slug} />
    </>
  );
}

const CTA_BUTTON_CLASS = 'button button--accent button--large';

function CtaAction({ action }: { action: ArticleCtaAction }) {
  return action.opens === 'contact-dialog' ? (
    <ContactDialogButton className={CTA_BUTTON_CLASS}>{action.label}</ContactDialogButton>
  ) : (
    <Link to="/contact" className={CTA_BUTTON_CLASS}>
      {action.label}
    </Link>
  );
}
