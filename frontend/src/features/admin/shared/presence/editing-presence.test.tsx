import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EditingPresence } from './editing-presence';

describe('the "Also editing" chips', () => {
  it('keep an empty, hidden live region while the person is alone', () => {
    render(<EditingPresence editors={[]} />);
    const status = screen.getByRole('status');
    expect(status).toHaveProperty('textContent', '');
    expect(status.className).toBe('visually-hidden');
  });

  it('name each other person as text, the initials beside it hidden from screen readers', () => {
    render(
      <EditingPresence
        editors={[
          { key: 'user-ana', name: 'Ana Diaz', since: '2026-12-06T10:00:00Z' },
          { key: 'passcode', name: 'Passcode', since: '2026-12-06T10:01:00Z' },
        ]}
      />,
    );
    const status = screen.getByRole('status');
    expect(status.className).toBe('editing-presence');
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['ADAna Diaz', 'PPasscode']);
    expect(status.querySelectorAll('[aria-hidden="true"]')).toHaveLength(2);
    expect(status.textContent).toMatch(/^Also editing:/);
  });
});
