import { isRouteErrorResponse, useRouteError } from 'react-router';

function describe(error: unknown): { summary: string; stack: string | undefined } {
  if (isRouteErrorResponse(error)) {
    return { summary: `${error.status} ${error.statusText}`.trim(), stack: undefined };
  }
  if (error instanceof Error) {
    return { summary: error.message, stack: error.stack };
  }
  return { summary: typeof error === 'string' ? error : 'Unknown error', stack: undefined };
}

/** Router errorElement: shown when a route throws while loading or rendering. */
export function RouteError() {
  const error = useRouteError();
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
