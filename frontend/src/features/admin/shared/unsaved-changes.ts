import { useEffect } from 'react';

/** What the admin asks before throwing typed work away. */
export const LEAVE_QUESTION = 'You have unsaved changes. Leave without saving them?';

// Forms with unsaved changes now (a count: a screen may hold more than one).
let unsavedForms = 0;

/**
 * Marks the calling form as holding unsaved changes while `dirty`: closing or reloading the tab
 * asks the browser's question, and `confirmLeave` asks before the admin's own links and buttons
 * move away.
 */
export function useUnsavedChanges(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return;
    unsavedForms += 1;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      unsavedForms -= 1;
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [dirty]);
}

/** True when nothing is unsaved, or the person agrees to leave it. */
export function confirmLeave(): boolean {
  return unsavedForms === 0 || window.confirm(LEAVE_QUESTION);
}
