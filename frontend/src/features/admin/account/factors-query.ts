import { queryOptions } from '@tanstack/react-query';
import type { Factor } from '@supabase/supabase-js';
import { accountKeys } from '@/data/account/keys';
import { supabase } from '@/lib/supabase';

/** The signed-in person's verified TOTP factor, or null when two-step verification is off. */
export const totpFactorQuery = () =>
  queryOptions({
    queryKey: accountKeys.factors,
    queryFn: async (): Promise<Factor | null> => {
      const { data, error } = await supabase.auth.mfa.listFactors();
      if (error) throw error;
      return data.totp[0] ?? null;
    },
    staleTime: 0,
  });
