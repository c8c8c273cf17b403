import { useEffect, useId, useRef, useState } from 'react';
import { AdminButton } from '@/features/admin/shared/admin-button';
import { kindsByGroup } from './block-editing';

/**
 * "Add a block": a button opening the block kinds, grouped as campaign blocks and the site's own
 * sections, each with its label and what it is for. Escape or a choice closes it, and focus goes
 * back to the button (or, after a choice, to the new block).
 */
export function AddBlockMenu({ onAdd, disabled }: { onAdd: (kind: string) => void; disabled?: boolean }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    panel.current?.querySelector<HTMLButtonElement>('button')?.focus();
  }, [open]);

  return (
    <div className="add-block">
      <AdminButton
        ref={button}
        variant="primary"
        aria-expanded={open}
        aria-controls={`${id}-kinds`}
        disabled={disabled}
        onClick={() => {
          setOpen((current) => !current);
        }}
      >
        Add a block
      </AdminButton>
      {disabled && <p className="admin-muted">The page has the most blocks it can hold.</p>}
      {open && (
        <div
          id={`${id}-kinds`}
          ref={panel}
          className="add-block__panel"
          onKeyDown={(event) => {
            if (event.key !== 'Escape') return;
            event.preventDefault();
            setOpen(false);
            button.current?.focus();
          }}
        >
          {kindsByGroup().map(({ group, title, kinds }) => (
            <section key={group} aria-labelledby={`${id}-${group}`}>
              <h3 id={`${id}-${group}`} className="add-block__group">
                {title}
              </h3>
              <ul className="add-block__kinds">
                {kinds.map(([kind, schema]) => (
                  <li key={kind}>
                    <button
                      type="button"
                      className="add-block__kind"
                      aria-describedby={`${id}-${kind}-description`}
                      onClick={() => {
                        setOpen(false);
                        onAdd(kind);
                      }}
                    >
                      <span className="add-block__label">{schema.label}</span>
                      <span id={`${id}-${kind}-description`} className="add-block__description">
                        {schema.description}
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            </section>
          ))}
          <AdminButton
            onClick={() => {
              setOpen(false);
              button.current?.focus();
            }}
          >
            Close
          </AdminButton>
        </div>
      )}
    </div>
  );
}
