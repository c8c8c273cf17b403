import { errorMessage } from '@/features/admin/shared/admin-client';
import { ROLE_LABELS, type StaffRole } from '@/features/admin/shared/admin-role';
import { formatDate } from '@/features/admin/shared/format-date';

export type StaffStatus = 'invited' | 'active' | 'deactivated';

export const STATUS_LABELS: Readonly<Record<StaffStatus, string>> = {
  invited: 'Invited',
  active: 'Active',
  deactivated: 'Deactivated',
};

export function isStaffStatus(value: string): value is StaffStatus {
  return value in STATUS_LABELS;
}

/** "an editor", "an owner", "an author". */
export function withArticle(role: StaffRole): string {
  return `an ${ROLE_LABELS[role].toLowerCase()}`;
}

/** When they last signed in, or 'Never' (an invitation not yet used). */
export function lastSignIn(value: string | null): string {
  return value ? formatDate(value) : 'Never';
}

/** A staff RPC's refusal: its message, and its hint when it has one ("Make another staff member an owner first"). */
export function staffProblem(error: unknown): string {
  const message = errorMessage(error);
  const hint = (error as { hint?: unknown } | null)?.hint;
  if (typeof hint !== 'string' || !hint || message === errorMessage({ code: '42501' })) return message;
  return `${message.replace(/\.$/, '')}. ${hint.replace(/\.$/, '')}.`;
}
