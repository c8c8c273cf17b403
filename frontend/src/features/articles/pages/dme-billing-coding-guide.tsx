import { Link } from 'react-router';
import { ArticleCta, ArticleLayout } from '@/components/article/article-layout';
import { ARTICLES } from '@/features/articles/articles';
import body from '@/features/articles/bodies/dme-billing-coding-guide.html?raw';

export function DmeBillingCodingGuideArticle() {
  return (
    <ArticleLayout
      body={body}
      meta={ARTICLES.billingCodingGuide}
      cta={
        <ArticleCta
          title="Get a free billing assessment"
          text="Send us a sample of recent denials. A certified coder will show you which of these nine errors cost you the most, and how to fix them upstream."
          action={
            <Link to="/contact" className="button button--accent button--large">
              Contact Us for an Assessment
            </Link>
          }
        />
      }
    />
  );
}
