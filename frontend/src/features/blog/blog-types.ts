/** The card fields of the public blog list (spec §7). */
export interface BlogListItem {
  id: string;
  title: string;
  slug: string;
  description: string;
  category: string;
  read_time: string;
  created_at: string;
}

/** A full blog_posts row (spec §3). */
export interface BlogPost extends BlogListItem {
  content: string;
  published: boolean;
  meta_title: string | null;
  focus_keyword: string | null;
  featured_image_url: string | null;
  featured_image_alt: string | null;
  excerpt: string | null;
  og_title: string | null;
  og_description: string | null;
  og_image: string | null;
  twitter_card_type: string | null;
  canonical_url: string | null;
  author_name: string | null;
  tags: string[] | null;
  schema_type: string | null;
  noindex: boolean | null;
  nofollow: boolean | null;
  updated_at: string;
}
