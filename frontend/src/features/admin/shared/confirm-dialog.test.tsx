import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useConfirm } from './confirm-dialog';

function Asker({ answers }: { answers: boolean[] }) {
  const { confirm, confirmDialog } = useConfirm();
  return (
    <>
      <button
        type="button"
        onClick={() => {
          void confirm({
            title: 'Delete this post?',
            children: <p>It can be restored.</p>,
            confirmLabel: 'Delete post',
            danger: true,
          }).then((yes) => {
            answers.push(yes);
          });
        }}
      >
        Delete
      </button>
      {confirmDialog}
    </>
  );
}

describe('useConfirm', () => {
  it('asks in a dialog with Cancel focused, and answers with the button chosen', async () => {
    const answers: boolean[] = [];
    render(<Asker answers={answers} />);

    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this post?' });
    expect(dialog.textContent).toContain('It can be restored.');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Delete post' }));
    });
    await Promise.resolve();
    expect(answers).toEqual([true]);
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    act(() => {
      fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    });
    await Promise.resolve();
    expect(answers).toEqual([true, false]);

    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    });
    await Promise.resolve();
    expect(answers).toEqual([true, false, false]);
  });
});
