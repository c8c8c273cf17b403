/** What an article page shows above its body: the static articles' metadata (features/articles). */
export interface ArticleMeta {
  slug: string;
  title: string;
  description: string;
  category: string;
  /** Minutes. */
  readTime: number;
  /** Calendar date, YYYY-MM-DD. */
  publishedOn: string;
  author: string;
  hero: { src: string; alt: string; width: number; height: number };
}
