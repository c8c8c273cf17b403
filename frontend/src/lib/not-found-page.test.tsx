import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { showedNotFound, useNotFoundPage } from './not-found-page';

function NotFoundView() {
  useNotFoundPage();
  return null;
}

describe('useNotFoundPage', () => {
  it('marks the address whose page showed a not-found view, and no other', () => {
    expect(showedNotFound('/no-such-page')).toBe(false);
    render(
      <MemoryRouter initialEntries={['/no-such-page']}>
        <NotFoundView />
      </MemoryRouter>,
    );
    expect(showedNotFound('/no-such-page')).toBe(true);
    expect(showedNotFound('/about')).toBe(false);
  });
});
