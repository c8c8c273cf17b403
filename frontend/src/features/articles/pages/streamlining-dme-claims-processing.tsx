import { StaticArticlePage } from '@/features/articles/article-page';
import { ARTICLES } from '@/features/articles/articles';
import body from '@/features/articles/bodies/streamlining-dme-claims-processing.html?raw';

export function StreamliningDmeClaimsProcessingArticle() {
  return <StaticArticlePage article={ARTICLES.streamlining} body={body} />;
}
