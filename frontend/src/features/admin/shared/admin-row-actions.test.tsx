import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AdminCard } from './admin-card';
import { AdminRowActions } from './admin-row-actions';

describe('AdminRowActions', () => {
  it('names its buttons by the row, and after a delete gives focus to the card’s title', () => {
    const restores: Array<() => void> = [];
    const onEdit = vi.fn();
    render(
      <AdminCard titleId="pages-title" title="Pages">
        <AdminRowActions
          name="About"
          onEdit={onEdit}
          onDelete={(restore) => {
            restores.push(restore);
          }}
        />
      </AdminCard>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Edit About' }));
    expect(onEdit).toHaveBeenCalledOnce();
    const remove = screen.getByRole('button', { name: 'Delete About' });
    remove.focus();
    fireEvent.click(remove);
    expect(restores).toHaveLength(1);
    restores.forEach((restore) => {
      restore();
    });
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Pages' }));
  });
});
