import { Component, type ErrorInfo, type ReactNode } from 'react';

function describe(error: unknown): { summary: string; stack: string | undefined } {
  if (error instanceof Error) {
    return { summary: error.message, stack: error.stack };
  }
  return { summary: typeof error === 'string' ? error : 'Unknown error', stack: undefined };
}

/** Shown when a screen throws while loading its code or rendering. */
export function RouteError({ error }: { error: unknown }) {
  const { summary, stack } = describe(error);

  return (
    <section className="status-page status-page--error" role="alert">
      <div className="container status-page__inner">
        <h2 className="status-page__title">Unexpected Application Error!</h2>
        <h3 className="status-page__summary">{summary}</h3>
        {stack && <pre className="status-page__stack">{stack}</pre>}
        <a href="/" className="button button--primary">
          Return to Home
        </a>
      </div>
    </section>
  );
}

interface BoundaryProps {
  children: ReactNode;
  /** A new key (the location) clears the error, so navigating away recovers. */
  resetKey: string;
}

interface BoundaryState {
  error: unknown;
  failedKey: string | null;
}

/** Catches what a screen throws and shows RouteError in its place. */
export class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, failedKey: null };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: error ?? new Error('Unknown error') };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    if (state.error === null) return null;
    if (state.failedKey === null) return { failedKey: props.resetKey };
    return state.failedKey === props.resetKey ? null : { error: null, failedKey: null };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('A screen failed:', error, info.componentStack);
  }

  override render() {
    return this.state.error === null ? this.props.children : <RouteError error={this.state.error} />;
  }
}
