/**
 * Categories the search page offers before a query, each linking to its archive
 * (/blog/category/{taxonomySlug(name)}): the blog's main subjects, as the posts spell them.
 */
export const POPULAR_TOPICS: readonly string[] = [
  'Prior Authorization',
  'Billing & Coding',
  'Claims Processing',
  'Compliance',
  'Revenue Cycle',
];
