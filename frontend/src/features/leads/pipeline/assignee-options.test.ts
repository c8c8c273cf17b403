import { describe, expect, it } from 'vitest';
import { assigneeNames, assigneeOptions } from './assignee-options';

const member = (display_name: string | null, role: string, status = 'active', email = 'x@staff.example') => ({
  user_id: '00000000-0000-0000-0000-000000000001',
  email,
  display_name,
  role,
  status,
  invited_at: null,
  last_sign_in_at: null,
  mfa_enabled: false,
});

describe('assignees', () => {
  it('are the owners and editors not deactivated, by name (else email), each once', () => {
    expect(
      assigneeNames([
        member('Olive Owner', 'owner'),
        member('Eden Editor', 'editor', 'invited'),
        member('Avery Author', 'author'),
        member('Gone Editor', 'editor', 'deactivated'),
        member('  ', 'editor', 'active', 'nameless@staff.example'),
        member('Olive Owner', 'editor'),
      ]),
    ).toEqual(['Olive Owner', 'Eden Editor', 'nameless@staff.example']);
  });

  it('are offered with Unassigned first, and a current assignee not on the list kept', () => {
    expect(assigneeOptions(['Olive Owner'], '')).toEqual([
      ['', 'Unassigned'],
      ['Olive Owner', 'Olive Owner'],
    ]);
    expect(assigneeOptions(['Olive Owner'], 'Sam from sales')).toEqual([
      ['', 'Unassigned'],
      ['Sam from sales', 'Sam from sales'],
      ['Olive Owner', 'Olive Owner'],
    ]);
    expect(assigneeOptions(['Olive Owner'], 'Olive Owner')).toHaveLength(2);
  });
});
