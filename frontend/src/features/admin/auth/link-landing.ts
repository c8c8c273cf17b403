import type { User } from '@supabase/supabase-js';
import { useEffect, useState } from 'react';
import { currentStaffSession, needsSecondFactor } from '@/features/admin/shared/session/staff-session';

/** Where an email link's landing page stands. */
export type LinkLanding =
  | { status: 'checking' }
  /** The link failed (expired, used, invalid) or brought no session. */
  | { status: 'failed'; code: string | null }
  /** Signed in by the link; `needsCode`: the account's authenticator must be used first. */
  | { status: 'ready'; user: User; needsCode: boolean };

/**
 * The error an email link lands with: the auth server redirects a failed link to the page with
 * `#error=...&error_code=otp_expired&error_description=...` (supabase-js leaves that fragment in
 * place; it removes a successful link's tokens).
 */
export function linkError(hash: string): string | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  return params.get('error_code') ?? params.get('error');
}

/**
 * An invite or recovery link's landing: supabase-js has read the session from the URL by the time
 * getSession answers (or found the link's error, or nothing).
 */
export function useLinkLanding(): LinkLanding {
  const [failure] = useState(() => linkError(window.location.hash));
  const [landing, setLanding] = useState<LinkLanding>(
    failure ? { status: 'failed', code: failure } : { status: 'checking' },
  );

  useEffect(() => {
    if (failure) return;
    let live = true;
    const check = async (): Promise<LinkLanding> => {
      const session = await currentStaffSession();
      if (!session) return { status: 'failed', code: null };
      return { status: 'ready', user: session.user, needsCode: await needsSecondFactor() };
    };
    check().then(
      (found) => {
        if (live) setLanding(found);
      },
      () => {
        if (live) setLanding({ status: 'failed', code: null });
      },
    );
    return () => {
      live = false;
    };
  }, [failure]);

  return landing;
}
