import type { Database, Tables, TablesInsert } from '@/lib/database.types';

/** The redirects table and the 404 log (migration 20261206000700_redirects.sql). */
export type RedirectRow = Tables<'redirects'>;
export type RedirectInsert = TablesInsert<'redirects'>;
export type NotFoundLogRow = Tables<'not_found_log'>;

/**
 * A row of not_found_report(): the log, with the redirect that now covers the path (every
 * column of a function's table nullable, as the generator writes it).
 */
export type NotFoundReportRow = Database['public']['Functions']['not_found_report']['Returns'][number];
