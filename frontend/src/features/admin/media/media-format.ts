/** Where the media library's images are used (from `media_usage`), in words, as pure functions. */

/** One post or page using an image, as `media_usage` returns it. */
export interface MediaUse {
  kind: 'post' | 'page';
  id: string;
  /** The post's title or the page's name. */
  title: string;
  /** The post's slug or the page's route. */
  key: string;
  /** Posts only. */
  published: boolean | null;
  /** The fields that refer to the image (content, featured_image_url, ...). */
  fields: string[];
}

const FIELD_LABELS: Record<string, string> = {
  content: 'content',
  featured_image_url: 'featured image',
  og_image: 'Open Graph image',
  twitter_image: 'Twitter image',
  schema_json: 'structured data',
};

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** "Not used", "Used in 1 post", "Used in 2 posts and 1 page". */
export function usageSummary(uses: readonly MediaUse[]): string {
  if (uses.length === 0) return 'Not used';
  const posts = uses.filter((use) => use.kind === 'post').length;
  const pages = uses.length - posts;
  const parts = [posts > 0 ? plural(posts, 'post') : null, pages > 0 ? plural(pages, 'page') : null];
  return `Used in ${parts.filter((part) => part !== null).join(' and ')}`;
}

/** The fields of a use in words: "content, featured image". */
export function describeFields(fields: readonly string[]): string {
  return fields.map((field) => FIELD_LABELS[field] ?? field.replace(/_/g, ' ')).join(', ');
}

/** One use in words: 'Post “Title” (draft)' or 'Page About (/about)'. */
export function describeUse(use: MediaUse): string {
  if (use.kind === 'post') {
    return `Post “${use.title}”${use.published === false ? ' (draft)' : ''}`;
  }
  return `Page ${use.title} (${use.key})`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `media_usage`'s `uses` (JSON) as typed uses; entries of another shape are dropped. */
export function parseUses(value: unknown): MediaUse[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry: unknown): MediaUse[] => {
    if (!isRecord(entry)) return [];
    const { kind, id, title, key, published, fields } = entry;
    if ((kind !== 'post' && kind !== 'page') || typeof id !== 'string' || typeof key !== 'string') return [];
    return [
      {
        kind,
        id,
        title: typeof title === 'string' ? title : key,
        key,
        published: typeof published === 'boolean' ? published : null,
        fields: Array.isArray(fields) ? fields.filter((field): field is string => typeof field === 'string') : [],
      },
    ];
  });
}
