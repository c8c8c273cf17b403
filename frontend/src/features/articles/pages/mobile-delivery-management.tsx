import { Link } from 'react-router';
import { company } from '@/config/company';
import { ArticleCta, ArticleLayout } from '@/components/article/article-layout';
import { ARTICLES } from '@/features/articles/articles';
import body from '@/features/articles/bodies/mobile-delivery-management.html?raw';

export function MobileDeliveryManagementArticle() {
  return (
    <ArticleLayout
      body={body}
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
    />
  );
}
