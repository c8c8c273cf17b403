import { runtimeConfig } from '@/config/runtime-config';
import { resolveUrl } from '@/lib/urls';

/** Where the lead forms send and get their captcha: the runtime configuration's endpoints, resolved against the Supabase URL. */
export function leadEndpoints() {
  const { supabaseUrl, webhookUrl, captchaChallengeUrl, captchaProvider } = runtimeConfig;
  return {
    webhookUrl: webhookUrl ? resolveUrl(webhookUrl, supabaseUrl) : undefined,
    captchaChallengeUrl: captchaChallengeUrl ? resolveUrl(captchaChallengeUrl, supabaseUrl) : undefined,
    captchaProvider,
  };
}
