/**
 * A row of site_health() (migration 20261206000800_site_health.sql); every column of a function's
 * table is nullable, as the generator writes it.
 */
import type { Database } from '@/lib/database.types';

export type SiteHealthRow = Database['public']['Functions']['site_health']['Returns'][number];
