import { company } from '@/config/company';
import { ContactDialogButton } from '@/components/contact-dialog/contact-dialog-button';
import { ArticleCta, ArticleLayout } from '@/components/article/article-layout';
import { ARTICLES } from '@/features/articles/articles';
import body from '@/features/articles/bodies/compliance-best-practices-dme-providers.html?raw';

export function ComplianceBestPracticesArticle() {
  return (
    <ArticleLayout
      body={body}
      meta={ARTICLES.compliance}
      cta={
        <ArticleCta
          title="Make compliance part of the billing workflow"
          text={`${company.name} builds these checks into billing and runs quarterly documentation audits for managed-service clients.`}
          action={
            <ContactDialogButton className="button button--accent button--large">Get Started</ContactDialogButton>
          }
        />
      }
    />
  );
}
