import type { OtherEditor } from './editors';
import { initialsOf } from './editors';
import './editing-presence.css';

/**
 * "Also editing: Ana, Ben" beside an editor's status: the other people with the same post or
 * page open, as chips (initials and name: the name is the text, the colour decorates). A polite
 * live region, in the page even when nobody else is there (hidden then), so arrivals are
 * announced.
 */
export function EditingPresence({ editors }: { editors: readonly OtherEditor[] }) {
  return (
    <div className={editors.length > 0 ? 'editing-presence' : 'visually-hidden'} role="status">
      {editors.length > 0 && (
        <>
          <span className="editing-presence__label">Also editing:</span>
          <ul className="editing-presence__list">
            {editors.map((editor) => (
              <li key={editor.key} className="editing-presence__chip">
                <span className="editing-presence__avatar" aria-hidden="true">
                  {initialsOf(editor.name)}
                </span>
                <span className="editing-presence__name">{editor.name}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
