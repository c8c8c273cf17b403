import type { ReactNode } from 'react';

/** The line shown while a query loads, announced politely to screen readers. */
export function AdminLoading({ children }: { children: ReactNode }) {
  return (
    <p className="admin-muted" role="status">
      {children}
    </p>
  );
}
