import { StaticArticlePage } from '@/features/articles/article-page';
import { ARTICLES } from '@/features/articles/articles';
import body from '@/features/articles/bodies/dme-billing-coding-guide.html?raw';

export function DmeBillingCodingGuideArticle() {
  return <StaticArticlePage article={ARTICLES.billingCodingGuide} body={body} />;
}
