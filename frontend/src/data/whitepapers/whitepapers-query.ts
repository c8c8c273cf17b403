import { queryOptions } from '@tanstack/react-query';
import type { Whitepaper } from './types';
import { whitepaperKeys } from './keys';

/** Name of the list in a server-rendered page's embedded data. */
export const WHITEPAPERS_RESOURCE = 'whitepapers';

/** Every whitepaper, featured first, then newest (spec §7 "Whitepaper list"). */
export const whitepapersQuery = queryOptions({
  queryKey: whitepaperKeys.public,
  queryFn: async (): Promise<Whitepaper[]> => {
    const { supabase } = await import('@/lib/supabase');
    const { data, error } = await supabase
      .from('whitepapers')
      .select('*')
      .order('featured', { ascending: false })
      .order('created_at', { ascending: false });
    if (error) throw new Error(`Whitepapers failed to load: ${error.message}`);
    return data;
  },
});
