import type { SupabaseClient } from '@supabase/supabase-js';
import { detectBrowser, detectDeviceType, type BrowserName, type DeviceType } from './detect';

/** A page_analytics row as the website writes it (spec §3). */
export interface PageViewRow {
  session_id: string;
  page_path: string;
  page_title: string;
  referrer: string;
  user_agent: string;
  device_type: DeviceType;
  browser: BrowserName;
  visited_at: string;
  /** The page showed the not-found view (the admin's analytics counts it apart). */
  not_found: boolean;
}

export interface PageViewInput {
  sessionId: string;
  path: string;
  title: string;
  referrer: string;
  userAgent: string;
  visitedAt: Date;
  notFound: boolean;
}

const limit = (text: string, max: number) => text.slice(0, max);

/** The row inserted at a page view (lengths kept within the table's checks). */
export function buildPageViewRow(input: PageViewInput): PageViewRow {
  return {
    session_id: input.sessionId,
    page_path: limit(input.path, 2048),
    page_title: limit(input.title, 1000),
    referrer: limit(input.referrer, 2048),
    user_agent: limit(input.userAgent, 1024),
    device_type: detectDeviceType(input.userAgent),
    browser: detectBrowser(input.userAgent),
    visited_at: input.visitedAt.toISOString(),
    not_found: input.notFound,
  };
}

/** INSERT of a page view. No read-back: the insert alone is what the visitor may do. */
export async function recordPageView(client: SupabaseClient, row: PageViewRow): Promise<void> {
  const { error } = await client.from('page_analytics').insert(row);
  if (error) throw new Error(`page_analytics insert failed: ${error.message}`);
}

/**
 * Page exit: the newest row of this session and path gets the time on page (seconds) and
 * the scroll depth (percent, at most 100), and whether the page was not found (known for sure
 * only now: a missing post shows its not-found view once its load has failed).
 */
export async function recordPageExit(
  client: SupabaseClient,
  exit: { sessionId: string; path: string; timeOnPage: number; scrollDepth: number; notFound: boolean },
): Promise<void> {
  const { data, error } = await client
    .from('page_analytics')
    .select('id')
    .eq('session_id', exit.sessionId)
    .eq('page_path', exit.path)
    .order('visited_at', { ascending: false })
    .limit(1);
  if (error) throw new Error(`page_analytics select failed: ${error.message}`);
  const id = (data as { id: string }[] | null)?.[0]?.id;
  if (!id) return;
  const { error: updateError } = await client
    .from('page_analytics')
    .update({
      time_on_page: Math.max(0, Math.round(exit.timeOnPage)),
      scroll_depth: Math.min(100, Math.max(0, Math.round(exit.scrollDepth))),
      not_found: exit.notFound,
    })
    .eq('id', id);
  if (updateError) throw new Error(`page_analytics update failed: ${updateError.message}`);
}
