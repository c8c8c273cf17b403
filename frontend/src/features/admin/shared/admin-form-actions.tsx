import { AdminButton } from './admin-button';

interface AdminFormActionsProps {
  onCancel: () => void;
  /** Cancel too waits for a save under way, where the dialog must not close mid-save. */
  cancelDisabled?: boolean;
  saving: boolean;
  submitLabel: string;
  /** The submit button's text while saving. */
  savingLabel: string;
}

/** A dialog form's last row: Cancel, and the submit button, which says so while it saves. */
export function AdminFormActions({
  onCancel,
  cancelDisabled,
  saving,
  submitLabel,
  savingLabel,
}: AdminFormActionsProps) {
  return (
    <div className="admin-actions admin-actions--end">
      <AdminButton onClick={onCancel} disabled={cancelDisabled}>
        Cancel
      </AdminButton>
      <AdminButton type="submit" variant="primary" disabled={saving}>
        {saving ? savingLabel : submitLabel}
      </AdminButton>
    </div>
  );
}
