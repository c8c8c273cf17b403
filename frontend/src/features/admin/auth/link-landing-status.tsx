import { ExpiredLink } from './expired-link';
import type { LinkLanding } from './link-landing';

interface LinkLandingStatusProps {
  landing: Exclude<LinkLanding, { status: 'ready' }>;
  /** Said while the link is checked. */
  checking: string;
  /** The failed link's title, and who else can help (see ExpiredLink). */
  expiredTitle: string;
  alternative?: string;
}

/**
 * An email link's landing page until the link has signed the person in: the check under way, or
 * the failed link with the offer of a new one.
 */
export function LinkLandingStatus({ landing, checking, expiredTitle, alternative }: LinkLandingStatusProps) {
  return (
    <main className="admin-auth">
      {landing.status === 'checking' ? (
        <p className="admin-muted" role="status">
          {checking}
        </p>
      ) : (
        <ExpiredLink title={expiredTitle} alternative={alternative} />
      )}
    </main>
  );
}
