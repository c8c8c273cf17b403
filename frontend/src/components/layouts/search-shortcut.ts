/** Input types that take no typed text: "/" on them is not typing. */
const NON_TEXT_INPUTS = new Set(['button', 'checkbox', 'color', 'file', 'image', 'radio', 'range', 'reset', 'submit']);

/** Whether keys pressed on `target` type into it (a text field, a text area, a select, editable content). */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target instanceof HTMLInputElement) return !NON_TEXT_INPUTS.has(target.type);
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLElement && target.isContentEditable) return true;
  // The nearest contenteditable decides (jsdom, for one, has no isContentEditable).
  const editable = target.closest('[contenteditable]');
  return editable !== null && editable.getAttribute('contenteditable') !== 'false';
}

/**
 * Whether `event` is the search shortcut: "/" (with Shift where the layout needs it), not while
 * typing in a field, not with Ctrl, Alt or Meta (the browser's and the system's own shortcuts),
 * and not inside a dialog (the page behind it is out of reach).
 */
export function isSearchShortcut(event: KeyboardEvent): boolean {
  if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return false;
  if (event.isComposing || event.defaultPrevented) return false;
  if (isTypingTarget(event.target)) return false;
  return !(event.target instanceof Element && event.target.closest('[role="dialog"], dialog'));
}
