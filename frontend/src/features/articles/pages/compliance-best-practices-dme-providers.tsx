import { StaticArticlePage } from '@/features/articles/article-page';
import { ARTICLES } from '@/features/articles/articles';
import body from '@/features/articles/bodies/compliance-best-practices-dme-providers.html?raw';

export function ComplianceBestPracticesArticle() {
  return <StaticArticlePage article={ARTICLES.compliance} body={body} />;
}
