import { lazyComponent, type LazyComponent } from '@/lib/lazy-component';
import type { BlockData } from './block-schema';

/** What every block component receives. */
export interface BlockProps {
  data: BlockData;
  /** The block's id on its page (unique there): a base for element ids. */
  blockId: string;
  /** The page's route (a lead form names it as the lead's source). */
  route: string;
}

/**
 * The component of each block kind, each its own chunk: a page loads the code of the blocks it
 * shows (the server reports them, and the browser loads them before hydrating).
 */
export const BLOCK_COMPONENTS: Record<string, LazyComponent<BlockProps>> = {
  hero: lazyComponent(async () => (await import('./kinds/hero-block')).HeroBlock),
  'page-header': lazyComponent(async () => (await import('./kinds/page-header-block')).PageHeaderBlock),
  'feature-grid': lazyComponent(async () => (await import('./kinds/feature-grid-block')).FeatureGridBlock),
  'stats-strip': lazyComponent(async () => (await import('./kinds/stats-strip-block')).StatsStripBlock),
  'logo-strip': lazyComponent(async () => (await import('./kinds/logo-strip-block')).LogoStripBlock),
  testimonial: lazyComponent(async () => (await import('./kinds/testimonial-block')).TestimonialBlock),
  faq: lazyComponent(async () => (await import('./kinds/faq-block')).FaqBlock),
  'cta-band': lazyComponent(async () => (await import('./kinds/cta-band-block')).CtaBandBlock),
  'rich-text': lazyComponent(async () => (await import('./kinds/rich-text-block')).RichTextBlock),
  'whitepaper-cards': lazyComponent(async () => (await import('./kinds/whitepaper-cards-block')).WhitepaperCardsBlock),
  'lead-form': lazyComponent(async () => (await import('./kinds/lead-form-block')).LeadFormBlock),
  'text-cards': lazyComponent(async () => (await import('./kinds/text-cards-block')).TextCardsBlock),
  steps: lazyComponent(async () => (await import('./kinds/steps-block')).StepsBlock),
  segments: lazyComponent(async () => (await import('./kinds/segments-block')).SegmentsBlock),
  'integration-categories': lazyComponent(
    async () => (await import('./kinds/integration-categories-block')).IntegrationCategoriesBlock,
  ),
  story: lazyComponent(async () => (await import('./kinds/story-block')).StoryBlock),
  principles: lazyComponent(async () => (await import('./kinds/principles-block')).PrinciplesBlock),
  'resume-invite': lazyComponent(async () => (await import('./kinds/resume-invite-block')).ResumeInviteBlock),
};

/** The component of `kind`, or undefined for a kind this code does not know. */
export function blockComponent(kind: string): LazyComponent<BlockProps> | undefined {
  return Object.hasOwn(BLOCK_COMPONENTS, kind) ? BLOCK_COMPONENTS[kind] : undefined;
}
