/**
 * The notification store: a tiny external store read by <Toaster /> through
 * useSyncExternalStore, so any module can call `toast()` without a React context.
 */
export type ToastVariant = 'default' | 'destructive';

/** One button inside the toast (e.g. 'Undo'); clicking it runs `onClick` and dismisses the toast. */
export interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds before it dismisses itself; defaults by variant. */
  duration?: number;
  action?: ToastAction;
}

export interface Toast {
  id: number;
  title: string;
  description: string | undefined;
  variant: ToastVariant;
  duration: number;
  action: ToastAction | undefined;
}

export const TOAST_DURATION_MS = 6000;
export const DESTRUCTIVE_TOAST_DURATION_MS = 8000;
/** Older toasts are dropped beyond this many. */
export const TOAST_LIMIT = 3;

type Listener = () => void;

export interface ToastStore {
  toast: (options: ToastOptions) => number;
  dismiss: (id: number) => void;
  clear: () => void;
  getSnapshot: () => readonly Toast[];
  subscribe: (listener: Listener) => () => void;
}

export function createToastStore(): ToastStore {
  let toasts: readonly Toast[] = [];
  let nextId = 1;
  const listeners = new Set<Listener>();

  const emit = (next: readonly Toast[]) => {
    toasts = next;
    for (const listener of listeners) listener();
  };

  return {
    toast(options) {
      const variant = options.variant ?? 'default';
      const item: Toast = {
        id: nextId++,
        title: options.title,
        description: options.description,
        variant,
        duration: options.duration ?? (variant === 'destructive' ? DESTRUCTIVE_TOAST_DURATION_MS : TOAST_DURATION_MS),
        action: options.action,
      };
      emit([...toasts, item].slice(-TOAST_LIMIT));
      return item.id;
    },
    dismiss(id) {
      if (toasts.some((item) => item.id === id)) emit(toasts.filter((item) => item.id !== id));
    },
    clear() {
      if (toasts.length > 0) emit([]);
    },
    getSnapshot: () => toasts,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/** The app's one store. */
export const toastStore = createToastStore();

/** Shows a notification; returns its id for `dismissToast`. */
export function toast(options: ToastOptions): number {
  return toastStore.toast(options);
}

export function dismissToast(id: number): void {
  toastStore.dismiss(id);
}
