import { useEffect, useEffectEvent, useImperativeHandle, useRef, useState, type Ref } from 'react';
// Types only (JSX typing of <altcha-widget>); the widget module itself is imported lazily below.
import type { AltchaWidgetElement } from 'altcha/types/generic';
import type {} from 'altcha/types/react';
import type { CaptchaProvider } from '@/config/runtime-config';

/** What a form can do with its captcha: start over after a successful submit. */
export interface CaptchaFieldHandle {
  reset: () => void;
}

export interface CaptchaFieldProps {
  provider: CaptchaProvider;
  /** Absolute URL the widget fetches its challenge from (altcha). */
  challengeUrl: string | undefined;
  /** The solution token once verified; null while unverified, expired or failed. */
  onChange: (token: string | null) => void;
  /**
   * Load the widget's code only when the field comes near the screen (a form on a page, which
   * many visitors never scroll to), not as soon as it shows (a dialog someone opened).
   */
  loadWhenNear?: boolean;
  ref?: Ref<CaptchaFieldHandle>;
}

/** How far below the screen a deferred widget starts loading, so it is ready when seen. */
const NEAR_MARGIN = '600px 0px';

interface AltchaStateDetail {
  state?: string;
  payload?: string;
}

/** The self-hosted proof-of-work widget; its module loads only when a form shows it. */
function AltchaCaptcha({
  challengeUrl,
  onChange,
  loadWhenNear = false,
  ref,
}: Omit<CaptchaFieldProps, 'provider'> & { challengeUrl: string }) {
  const widgetRef = useRef<AltchaWidgetElement>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const report = useEffectEvent((token: string | null) => {
    onChange(token);
  });

  useEffect(() => {
    let cancelled = false;
    const widget = widgetRef.current;
    const load = () => {
      import('altcha')
        .then(() => {
          // Loaded late (when near), the widget missed the focus its auto mode starts on if the
          // visitor is already typing in the form: start it now.
          const form = widget?.closest('form');
          if (loadWhenNear && !cancelled && form?.contains(document.activeElement)) {
            void (widget as Partial<AltchaWidgetElement> | null)?.verify?.();
          }
        })
        .catch((error: unknown) => {
          console.error('Captcha widget failed to load:', error);
          if (!cancelled) setLoadFailed(true);
        });
    };
    if (!loadWhenNear || !widget || typeof IntersectionObserver === 'undefined') {
      load();
      return () => {
        cancelled = true;
      };
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          load();
        }
      },
      { rootMargin: NEAR_MARGIN },
    );
    observer.observe(widget);
    return () => {
      cancelled = true;
      observer.disconnect();
    };
  }, [loadWhenNear]);

  useEffect(() => {
    const widget = widgetRef.current;
    if (!widget) return;
    const onStateChange = (event: Event) => {
      const { state, payload } = (event as CustomEvent<AltchaStateDetail | undefined>).detail ?? {};
      report(state === 'verified' && payload ? payload : null);
    };
    widget.addEventListener('statechange', onStateChange);
    return () => {
      widget.removeEventListener('statechange', onStateChange);
    };
  }, []);

  useImperativeHandle(
    ref,
    () => ({
      reset() {
        // Before the module has loaded the element is not upgraded yet and has no reset().
        const widget = widgetRef.current as Partial<AltchaWidgetElement> | null;
        widget?.reset?.();
        onChange(null);
      },
    }),
    [onChange],
  );

  if (loadFailed) {
    return (
      <p className="captcha-field__error" role="alert">
        The verification widget could not load. Check your connection and reopen this form.
      </p>
    );
  }

  return <altcha-widget ref={widgetRef} challenge={challengeUrl} auto="onfocus" name="altcha" />;
}

/** The captcha of the lead forms, whichever provider the runtime configuration names. */
export function CaptchaField({ provider, challengeUrl, onChange, loadWhenNear, ref }: CaptchaFieldProps) {
  if (provider === 'altcha' && challengeUrl) {
    return (
      <div className="captcha-field">
        <AltchaCaptcha challengeUrl={challengeUrl} onChange={onChange} loadWhenNear={loadWhenNear} ref={ref} />
      </div>
    );
  }

  return (
    <div className="captcha-field">
      <p className="captcha-field__error" role="alert">
        Verification is not available right now, so this form cannot be sent. Please email or call us instead.
      </p>
    </div>
  );
}
