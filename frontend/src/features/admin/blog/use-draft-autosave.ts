import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '@/features/admin/shared/admin-client';

/** Typing pauses this long before a draft saves itself. */
export const AUTOSAVE_DELAY_MS = 3000;

export type AutosaveStatus =
  { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved'; at: Date } | { kind: 'failed'; message: string };

interface AutosaveOptions<Values> {
  /** Only drafts save themselves: a live post's changes go on the site when someone chooses to. */
  enabled: boolean;
  /** Whether `values` differ from what is stored. */
  dirty: boolean;
  /** Another save is under way: wait for it. */
  busy: boolean;
  save: (values: Values) => Promise<unknown>;
}

/**
 * Saves `values` once they stop changing for AUTOSAVE_DELAY_MS while enabled and dirty. Returns
 * how the last save went (for the form's live status line), and the setter through which the
 * form's own saves report there too.
 */
export function useDraftAutosave<Values>(
  values: Values,
  { enabled, dirty, busy, save }: AutosaveOptions<Values>,
): readonly [AutosaveStatus, (status: AutosaveStatus) => void] {
  const [status, setStatus] = useState<AutosaveStatus>({ kind: 'idle' });
  // The latest save function, without restarting the timer each render.
  const saveRef = useRef(save);
  useEffect(() => {
    saveRef.current = save;
  }, [save]);

  useEffect(() => {
    if (!enabled || !dirty || busy) return;
    const timer = window.setTimeout(() => {
      setStatus({ kind: 'saving' });
      saveRef.current(values).then(
        () => {
          setStatus({ kind: 'saved', at: new Date() });
        },
        (error: unknown) => {
          setStatus({ kind: 'failed', message: errorMessage(error) });
        },
      );
    }, AUTOSAVE_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
    };
  }, [values, enabled, dirty, busy]);

  return [status, setStatus] as const;
}
