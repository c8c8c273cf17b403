import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Pagination, visiblePages } from './pagination';

describe('Pagination', () => {
  it('numbers the first, the last and two pages either side of the current one', () => {
    expect(visiblePages(1, 3)).toEqual([1, 2, 3]);
    expect(visiblePages(5, 10)).toEqual([1, 'gap', 3, 4, 5, 6, 7, 'gap', 10]);
    expect(visiblePages(1, 10)).toEqual([1, 2, 3, 'gap', 10]);
    expect(visiblePages(10, 10)).toEqual([1, 'gap', 8, 9, 10]);
  });

  it('shows nothing for a single page, and no Previous on the first page nor Next on the last', () => {
    const href = (page: number) => `/list?page=${page}`;
    const { container, rerender } = render(
      <MemoryRouter>
        <Pagination label="Pages" page={1} pageCount={1} href={href} />
      </MemoryRouter>,
    );
    expect(container.innerHTML).toBe('');

    rerender(
      <MemoryRouter>
        <Pagination label="Pages" page={1} pageCount={2} href={href} />
      </MemoryRouter>,
    );
    const nav = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(nav).queryByRole('link', { name: 'Previous page' })).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Next page' }).getAttribute('href')).toBe('/list?page=2');

    rerender(
      <MemoryRouter>
        <Pagination label="Pages" page={2} pageCount={2} href={href} />
      </MemoryRouter>,
    );
    expect(within(nav).queryByRole('link', { name: 'Next page' })).toBeNull();
    expect(within(nav).getByText('Page 2 of 2')).toBeTruthy();
  });
});
