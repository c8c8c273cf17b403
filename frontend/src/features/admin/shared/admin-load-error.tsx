import type { ReactNode } from 'react';
import { AdminButton } from './admin-button';

interface AdminLoadErrorProps {
  /** The screen's own class for the block. */
  className: string;
  onRetry: () => void;
  /** What could not be loaded, and why. */
  children: ReactNode;
}

/** A list that could not be loaded: why, announced at once, and a button to ask again. */
export function AdminLoadError({ className, onRetry, children }: AdminLoadErrorProps) {
  return (
    <div className={className} role="alert">
      <p className="admin-error">{children}</p>
      <AdminButton onClick={onRetry}>Try again</AdminButton>
    </div>
  );
}
