import type { ReactNode } from 'react';

/** What a list says when it has nothing to show (none yet, or none that match): one look everywhere. */
export function AdminEmpty({ children }: { children: ReactNode }) {
  return <p className="admin-empty">{children}</p>;
}
