import {
  lazy,
  Suspense,
  useCallback,
  useState,
  type ComponentType,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';

/** What the host tells every lead dialog. */
export interface LeadDialogProps {
  open: boolean;
  /** Epoch ms when the dialog was opened (the too-fast check measures from here). */
  openedAt: number;
  onClose: () => void;
}

/** A lead dialog whose code loads on first use; `Extra` are the props its host passes besides LeadDialogProps. */
export interface LazyLeadDialog<Extra extends object> {
  Dialog: LazyExoticComponent<ComponentType<LeadDialogProps & Extra>>;
  /** Starts loading the dialog code (call on hover or focus of what opens it). */
  preload: () => void;
}

/** The lazily loaded dialog `load` resolves to; `name` says which one in the load-failure log. */
export function lazyLeadDialog<Extra extends object = object>(
  load: () => Promise<ComponentType<LeadDialogProps & Extra>>,
  name: string,
): LazyLeadDialog<Extra> {
  return {
    Dialog: lazy(async () => ({ default: await load() })),
    preload() {
      load().catch((error: unknown) => {
        console.error(`${name} failed to load:`, error);
      });
    },
  };
}

interface DialogState {
  open: boolean;
  openedAt: number;
  /** Once loaded the dialog stays mounted, so answers survive closing it. */
  mounted: boolean;
}

const NEVER_OPENED: DialogState = { open: false, openedAt: 0, mounted: false };

/**
 * Hosts `dialog`: `open` shows it and records the opening time; `element` is what to render
 * (nothing until it is first opened).
 */
export function useLeadDialog<Extra extends object>(
  { Dialog }: LazyLeadDialog<Extra>,
  extra: Extra,
): { open: () => void; element: ReactNode } {
  const [state, setState] = useState<DialogState>(NEVER_OPENED);
  const open = useCallback(() => {
    setState({ open: true, openedAt: Date.now(), mounted: true });
  }, []);
  const element = state.mounted && (
    <Suspense fallback={null}>
      <Dialog
        {...extra}
        open={state.open}
        openedAt={state.openedAt}
        onClose={() => {
          setState((current) => ({ ...current, open: false }));
        }}
      />
    </Suspense>
  );
  return { open, element };
}
