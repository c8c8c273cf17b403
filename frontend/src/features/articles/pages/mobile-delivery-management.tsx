import { Link } from 'react-router';
import { company } from '@/config/company';
import { ArticleCta, ArticleLayout } from '@/components/article/article-layout';
import { ARTICLES } from '@/features/articles/articles';
import { MobileDeliveryManagementBody } from './mobile-delivery-management.body';

export function MobileDeliveryManagementArticle() {
  return (
    <ArticleLayout
      meta={ARTICLES.mobileDelivery}
      cta={
        <ArticleCta
          title="Bill on the day you deliver"
          text={`${company.name}'s delivery app sends signed proof of delivery straight to the claim. See it on a real route.`}
          action={
            <Link to="/contact" className="button button--accent button--large">
              Schedule Demo
            </Link>
          }
        />
      }
    >
      <MobileDeliveryManagementBody />
    </ArticleLayout>
  );
}
