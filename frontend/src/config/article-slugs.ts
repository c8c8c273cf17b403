/**
 * The slugs of the five fixed-route articles (spec §2), apart from their metadata so the code
 * every page loads (which pages own their head, features/seo/head-owners.ts) stays small.
 */
export const ARTICLE_SLUGS = {
  streamlining: 'streamlining-dme-claims-processing',
  compliance: 'compliance-best-practices-dme-providers',
  mobileDelivery: 'mobile-delivery-management',
  realTimeReporting: 'maximizing-revenue-real-time-reporting',
  billingCodingGuide: 'dme-billing-coding-guide',
} as const;
