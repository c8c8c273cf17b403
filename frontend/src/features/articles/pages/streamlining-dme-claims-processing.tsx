import { ContactDialogButton } from '@/components/contact-dialog/contact-dialog-button';
import { ArticleCta, ArticleLayout } from '@/components/article/article-layout';
import { ARTICLES } from '@/features/articles/articles';
import body from '@/features/articles/bodies/streamlining-dme-claims-processing.html?raw';

export function StreamliningDmeClaimsProcessingArticle() {
  return (
    <ArticleLayout
      body={body}
      meta={ARTICLES.streamlining}
      cta={
        <ArticleCta
          title="See where your claims wait"
          text="Our team maps a sample of 50 of your recent claims from order to payment and shows which steps to automate first."
          action={
            <ContactDialogButton className="button button--accent button--large">Get Started</ContactDialogButton>
          }
        />
      }
    />
  );
}
