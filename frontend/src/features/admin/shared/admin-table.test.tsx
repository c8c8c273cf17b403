import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AdminRowActions } from './admin-row-actions';
import { AdminTable } from './admin-table';

describe('AdminTable', () => {
  it('heads its columns, says its caption to screen readers and holds the rows', () => {
    const { container } = render(
      <AdminTable className="wp-table" caption="Whitepapers, newest first" columns={['Title', 'Actions']}>
        <tr>
          <td>Denials</td>
          <td>—</td>
        </tr>
      </AdminTable>,
    );
    const table = screen.getByRole('table', { name: 'Whitepapers, newest first' });
    expect([table.className, table.parentElement?.className, table.getAttribute('role')]).toEqual([
      'admin-table wp-table',
      'admin-table-wrap',
      null,
    ]);
    expect(screen.getAllByRole('columnheader').map((th) => [th.textContent, th.getAttribute('scope')])).toEqual([
      ['Title', 'col'],
      ['Actions', 'col'],
    ]);
    expect(container.querySelectorAll('tbody td')).toHaveLength(2);
  });

  it('spells out every table role when asked (the card layout on narrow screens)', () => {
    const { container } = render(
      <AdminTable columns={['When']} explicitRoles>
        <tr />
      </AdminTable>,
    );
    expect(
      ['table', 'thead', 'thead tr', 'th', 'tbody'].map((part) => container.querySelector(part)?.getAttribute('role')),
    ).toEqual(['table', 'rowgroup', 'row', 'columnheader', 'rowgroup']);
    expect(container.querySelector('caption')).toBeNull();
  });
});

describe('AdminRowActions', () => {
  it('names its buttons after the row and can hold the delete back', () => {
    const onEdit = vi.fn();
    const onDelete = vi.fn();
    render(<AdminRowActions name="Home" onEdit={onEdit} onDelete={onDelete} deleteDisabled />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit Home' }));
    expect(onEdit).toHaveBeenCalledTimes(1);
    const remove = screen.getByRole<HTMLButtonElement>('button', { name: 'Delete Home' });
    expect(remove.disabled).toBe(true);
    fireEvent.click(remove);
    expect(onDelete).not.toHaveBeenCalled();
  });
});
