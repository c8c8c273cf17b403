import { EditIcon, TrashIcon } from './icons';

interface AdminRowActionsProps {
  /** What the row is called, for the buttons' accessible names ("Edit …", "Delete …"). */
  name: string;
  onEdit: () => void;
  onDelete: () => void;
  /** While a delete is under way. */
  deleteDisabled?: boolean;
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
        onClick={onDelete}
      >
        <TrashIcon />
      </button>
    </div>
  );
}
