import type { Tables } from '@/lib/database.types';

/** The public fields of a whitepapers row (spec §3), as the database types say. */
export type Whitepaper = Pick<
  Tables<'whitepapers'>,
  'id' | 'title' | 'description' | 'category' | 'pages' | 'featured' | 'file_path' | 'created_at'
>;
