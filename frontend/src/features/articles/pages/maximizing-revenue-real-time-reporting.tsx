import { StaticArticlePage } from '@/features/articles/article-page';
import { ARTICLES } from '@/features/articles/articles';
import body from '@/features/articles/bodies/maximizing-revenue-real-time-reporting.html?raw';

export function MaximizingRevenueRealTimeReportingArticle() {
  return <StaticArticlePage article={ARTICLES.realTimeReporting} body={body} />;
}
