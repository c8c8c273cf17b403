import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AdminButton } from './admin-button';

describe('AdminButton', () => {
  it('is a plain button unless it submits, and carries its variant’s classes', () => {
    const onClick = vi.fn();
    render(
      <form>
        <AdminButton onClick={onClick}>Cancel</AdminButton>
        <AdminButton type="submit" variant="primary">
          Save
        </AdminButton>
        <AdminButton variant="danger" className="wp-file__clear" disabled>
          Delete
        </AdminButton>
      </form>,
    );
    const buttons = screen.getAllByRole('button');
    expect(buttons.map((button) => [button.textContent, button.getAttribute('type'), button.className])).toEqual([
      ['Cancel', 'button', 'admin-button'],
      ['Save', 'submit', 'admin-button admin-button--primary'],
      ['Delete', 'button', 'admin-button admin-button--danger wp-file__clear'],
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Delete' }).disabled).toBe(true);
  });
});
