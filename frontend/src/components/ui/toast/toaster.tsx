import { useEffect, useRef, useSyncExternalStore, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { CloseButton } from '@/components/ui/close-button';
import { useHydrated } from '@/lib/render-context';
import { toastStore, type Toast, type ToastStore } from './toast-store';

/** Hotkey that moves focus to the notifications, so keyboard users can reach and dismiss them. */
export const TOAST_HOTKEY = 'F8';

function ToastItem({ item, onDismiss }: { item: Toast; onDismiss: (id: number) => void }) {
  // Auto-dismiss; paused while pointed at or focused, so it can be read and acted on.
  const remaining = useRef(item.duration);
  const startedAt = useRef(0);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => {
    const start = () => {
      startedAt.current = Date.now();
      timer.current = window.setTimeout(() => {
        onDismiss(item.id);
      }, remaining.current);
    };
    start();
    return () => {
      window.clearTimeout(timer.current);
    };
  }, [item.id, onDismiss]);

  const dismiss = () => {
    onDismiss(item.id);
  };

  const pause = () => {
    if (timer.current === undefined) return;
    window.clearTimeout(timer.current);
    timer.current = undefined;
    remaining.current = Math.max(0, remaining.current - (Date.now() - startedAt.current));
  };

  const resume = () => {
    if (timer.current !== undefined) return;
    startedAt.current = Date.now();
    timer.current = window.setTimeout(dismiss, remaining.current);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      dismiss();
    }
  };

  return (
    <li
      className={item.variant === 'destructive' ? 'toast toast--destructive' : 'toast'}
      onMouseEnter={pause}
      onMouseLeave={resume}
      onFocus={pause}
      onBlur={resume}
      onKeyDown={onKeyDown}
    >
      <div className="toast__text">
        <p className="toast__title">{item.title}</p>
        {item.description && <p className="toast__description">{item.description}</p>}
        {item.action && (
          <button
            type="button"
            className="toast__action"
            onClick={() => {
              item.action?.onClick();
              dismiss();
            }}
          >
            {item.action.label}
          </button>
        )}
      </div>
      <CloseButton className="toast__close" label="Dismiss notification" onClick={dismiss} />
    </li>
  );
}

/** The notifications region (a polite live region), rendered at the end of <body>. */
export function Toaster({ store = toastStore }: { store?: ToastStore }) {
  const toasts = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  const regionRef = useRef<HTMLElement>(null);
  const hydrated = useHydrated();

  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== TOAST_HOTKEY) return;
      const region = regionRef.current;
      if (!region) return;
      event.preventDefault();
      const firstButton = region.querySelector<HTMLElement>('button');
      (firstButton ?? region).focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
    };
  }, []);

  // The region lives at the end of <body>, outside the app (the dialogs make the app inert), so
  // it exists only in the browser, from the first render after hydration.
  if (!hydrated) return null;
  return createPortal(
    <section
      ref={regionRef}
      className="toaster"
      aria-label={`Notifications (${TOAST_HOTKEY})`}
      tabIndex={-1}
      data-inert-exempt=""
    >
      <ol className="plain-list toaster__list" aria-live="polite" aria-relevant="additions text">
        {toasts.map((item) => (
          <ToastItem key={item.id} item={item} onDismiss={store.dismiss} />
        ))}
      </ol>
    </section>,
    document.body,
  );
}
