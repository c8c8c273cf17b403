import type { SelectOption } from '@/features/admin/shared/admin-select-field';
import type { Database } from '@/lib/database.types';

type StaffRow = Database['public']['Functions']['staff_list']['Returns'][number];

/**
 * Who a lead may be assigned to: staff who can read leads (owners and editors) and are not
 * deactivated, by their display name (else their email), in the staff list's order.
 */
export function assigneeNames(rows: readonly StaffRow[]): string[] {
  const names = rows
    .filter((row) => row.status !== 'deactivated' && (row.role === 'owner' || row.role === 'editor'))
    .map((row) => row.display_name?.trim() || row.email?.trim() || '')
    .filter((name) => name !== '');
  return [...new Set(names)];
}

/**
 * The assignee choices: Unassigned, the staff, and the lead's current assignee when the list
 * does not hold them (a name typed before assignees were picked, or someone since deactivated).
 */
export function assigneeOptions(names: readonly string[], current: string): SelectOption<string>[] {
  const kept = current !== '' && !names.includes(current) ? [current] : [];
  return [['', 'Unassigned'], ...[...kept, ...names].map((name): SelectOption<string> => [name, name])];
}
