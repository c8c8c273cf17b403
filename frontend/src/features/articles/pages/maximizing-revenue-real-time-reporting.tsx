import { Link } from 'react-router';
import { company } from '@/config/company';
import { ArticleCta, ArticleLayout } from '@/components/article/article-layout';
import { ARTICLES } from '@/features/articles/articles';
import body from '@/features/articles/bodies/maximizing-revenue-real-time-reporting.html?raw';

export function MaximizingRevenueRealTimeReportingArticle() {
  return (
    <ArticleLayout
      body={body}
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
    />
  );
}
