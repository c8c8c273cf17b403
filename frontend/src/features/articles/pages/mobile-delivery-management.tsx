import { StaticArticlePage } from '@/features/articles/article-page';
import { ARTICLES } from '@/features/articles/articles';
import body from '@/features/articles/bodies/mobile-delivery-management.html?raw';

export function MobileDeliveryManagementArticle() {
  return <StaticArticlePage article={ARTICLES.mobileDelivery} body={body} />;
}
