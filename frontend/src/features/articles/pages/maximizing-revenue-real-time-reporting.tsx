import { Link } from 'react-router';
import { company } from '@/config/company';
import { ArticleCta, ArticleLayout } from '@/components/article/article-layout';
import { ARTICLES } from '@/features/articles/articles';
import { MaximizingRevenueRealTimeReportingBody } from './maximizing-revenue-real-time-reporting.body';

export function MaximizingRevenueRealTimeReportingArticle() {
  return (
    <ArticleLayout
      meta={ARTICLES.realTimeReporting}
      cta={
        <ArticleCta
          title="See your denials, leaks and KPIs live"
          text={`${company.name} dashboards update as claims, remittances and deliveries post. We will walk you through them with sample data.`}
          action={
            <Link to="/contact" className="button button--accent button--large">
              Schedule Demo
            </Link>
          }
        />
      }
    >
      <MaximizingRevenueRealTimeReportingBody />
    </ArticleLayout>
  );
}
