import { createClient } from '@supabase/supabase-js';
import { runtimeConfig } from '../config/runtime-config';

const { supabaseUrl, supabaseAnonKey } = runtimeConfig;

if (!supabaseAnonKey) {
  throw new Error(
    'Supabase anon key is not configured: the server injects supabaseAnonKey into the ' +
      'runtime-config element, or set VITE_SUPABASE_ANON_KEY for a local build.',
  );
}

/** The one Supabase client of the app (stock supabase-js, public anon key only). */
export const supabase = createClient(supabaseUrl, supabaseAnonKey);
