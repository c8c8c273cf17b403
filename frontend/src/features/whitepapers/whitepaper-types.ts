/** A whitepapers row (spec §3). */
export interface Whitepaper {
  id: string;
  title: string;
  description: string | null;
  category: string;
  pages: number | null;
  featured: boolean;
  file_path: string | null;
  created_at: string;
}
