import type { Tables } from '@/lib/database.types';

/** A page_seo_settings row (spec §3), as the database types say. */
export type PageSeoRecord = Tables<'page_seo_settings'>;
