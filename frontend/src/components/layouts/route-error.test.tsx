import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RouteErrorBoundary } from './route-error';

function Thrower({ error }: { error: unknown }): never {
  throw error;
}

describe('RouteErrorBoundary', () => {
  it('shows the message and stack of a thrown Error', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <RouteErrorBoundary resetKey="/">
        <Thrower error={new Error('Chunk failed to load')} />
      </RouteErrorBoundary>,
    );

    expect(screen.getByText('Unexpected Application Error!')).toBeTruthy();
    expect(screen.getByText('Chunk failed to load')).toBeTruthy();
    expect(document.querySelector('.status-page__stack')?.textContent).toContain('Chunk failed to load');
  });

  it('clears the error when the location changes', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { rerender } = render(
      <RouteErrorBoundary resetKey="/a">
        <Thrower error="broken" />
      </RouteErrorBoundary>,
    );
    expect(screen.getByText('broken')).toBeTruthy();

    rerender(
      <RouteErrorBoundary resetKey="/a">
        <p>still broken page</p>
      </RouteErrorBoundary>,
    );
    expect(screen.queryByText('still broken page')).toBeNull();

    rerender(
      <RouteErrorBoundary resetKey="/b">
        <p>next page</p>
      </RouteErrorBoundary>,
    );
    expect(screen.getByText('next page')).toBeTruthy();
  });
});
