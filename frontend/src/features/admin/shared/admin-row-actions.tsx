import { EditIcon, TrashIcon } from './icons';

interface AdminRowActionsProps {
  /** What the row is called, for the buttons' accessible names ("Edit …", "Delete …"). */
  name: string;
  onEdit: () => void;
  /**
   * The delete button was pressed. Call `restoreFocus` once the row is gone: focus moves to the
   * title of the card that held it, rather than being lost with the row.
   */
  onDelete: (restoreFocus: () => void) => void;
  /** While a delete is under way. */
  deleteDisabled?: boolean;
}

/** Focuses the card's title (focusable from script only), announcing where the reader is. */
function focusTitleOf(card: Element | null) {
  const title = card?.querySelector<HTMLElement>('h2');
  if (!title) return;
  title.tabIndex = -1;
  title.focus();
}

/** The edit and delete icon buttons of an admin list row. */
export function AdminRowActions({ name, onEdit, onDelete, deleteDisabled }: AdminRowActionsProps) {
  return (
    <div className="admin-post__actions">
      <button type="button" className="admin-icon-button" aria-label={`Edit ${name}`} onClick={onEdit}>
        <EditIcon />
      </button>
      <button
        type="button"
        className="admin-icon-button admin-icon-button--danger"
        aria-label={`Delete ${name}`}
        disabled={deleteDisabled}
        onClick={(event) => {
          const card = event.currentTarget.closest('section');
          onDelete(() => {
            focusTitleOf(card);
          });
        }}
      >
        <TrashIcon />
      </button>
    </div>
  );
}
