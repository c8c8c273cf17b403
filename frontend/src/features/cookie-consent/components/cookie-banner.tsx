import { useLayoutEffect, useState, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { CloseButton } from '@/components/ui/close-button';
import {
  COOKIE_CONSENT_EVENT,
  readConsent,
  writeConsent,
  type CookieConsent,
} from '@/features/cookie-consent/consent-storage';

export const COOKIE_BANNER_TEXT =
  'We use cookies to enhance your browsing experience, serve personalized content, and analyze our traffic. By clicking Accept All, you consent to our use of cookies.';

/** CSS variable with the banner's height, so the page can scroll clear of it. */
const HEIGHT_VARIABLE = '--cookie-banner-height';
const HEADING_ID = 'cookie-banner-title';

/** Reserves room under the page (and for focused elements) while the fixed banner is shown. */
function useReserveSpace(element: HTMLElement | null) {
  useLayoutEffect(() => {
    if (!element) return;
    const root = document.documentElement;
    const update = () => {
      root.style.setProperty(HEIGHT_VARIABLE, `${Math.ceil(element.getBoundingClientRect().height)}px`);
    };
    update();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.style.removeProperty(HEIGHT_VARIABLE);
    };
  }, [element]);
}

/** This tab's choice, which holds even when storage refuses to keep it. */
let tabChoice: CookieConsent | null = null;

function subscribe(onChange: () => void) {
  window.addEventListener(COOKIE_CONSENT_EVENT, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(COOKIE_CONSENT_EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
}

const currentConsent = () => tabChoice ?? readConsent();

/**
 * Fixed bottom banner shown while cookie consent is unset (spec §2, §4). The server cannot
 * read the visitor's storage, so it renders the banner and the page hydrates with it; a
 * returning visitor's choice hides it at once (index.html marks the document before the first
 * paint, see global.css) and then removes it.
 */
export function CookieBanner() {
  const consent = useSyncExternalStore(subscribe, currentConsent, () => null);
  const [element, setElement] = useState<HTMLElement | null>(null);
  useReserveSpace(consent ? null : element);

  if (consent) return null;

  const choose = (choice: CookieConsent) => {
    // Kept for this tab only when storage refuses it; the event re-reads either way.
    if (!writeConsent(choice)) {
      tabChoice = choice;
      window.dispatchEvent(new CustomEvent<CookieConsent>(COOKIE_CONSENT_EVENT, { detail: choice }));
    }
  };
  const accept = () => {
    choose('accepted');
  };
  // Closing the banner declines.
  const decline = () => {
    choose('declined');
  };

  return (
    <section ref={setElement} className="cookie-banner" aria-labelledby={HEADING_ID}>
      <div className="container cookie-banner__inner">
        <h2 id={HEADING_ID} className="visually-hidden">
          Cookie consent
        </h2>
        <p className="cookie-banner__text">
          {COOKIE_BANNER_TEXT}{' '}
          <Link to="/cookie-policy" className="cookie-banner__link">
            Learn more about our Cookie Policy
          </Link>
        </p>
        <div className="cookie-banner__actions">
          <button type="button" className="button button--secondary cookie-banner__button" onClick={decline}>
            Decline
          </button>
          <button type="button" className="button button--primary cookie-banner__button" onClick={accept}>
            Accept All
          </button>
        </div>
        <CloseButton className="cookie-banner__close" label="Close cookie banner" onClick={decline} />
      </div>
    </section>
  );
}
