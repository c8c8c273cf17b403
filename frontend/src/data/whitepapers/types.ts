import type { Tables } from '@/lib/database.types';

/** The public fields of a whitepapers row (spec §3), as the database types say. */
export type Whitepaper = Pick<
  Tables<'whitepapers'>,
  'id' | 'title' | 'description' | 'category' | 'pages' | 'featured' | 'file_path' | 'created_at'
>;

/** A whitepaper_submissions row as the whitepaper form writes it (spec §3). */
export type WhitepaperSubmissionRow = Pick<
  Tables<'whitepaper_submissions'>,
  | 'company_name'
  | 'first_name'
  | 'last_name'
  | 'email'
  | 'phone'
  | 'job_title'
  | 'company_size'
  | 'revenue'
  | 'current_challenges'
>;
