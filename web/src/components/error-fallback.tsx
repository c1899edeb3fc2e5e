import { ErrorScreen } from './error-screen';

interface ErrorFallbackProps {
  error: unknown;
  onTryAgain: () => void;
}

/** The render-error screen (administration spec, section 8): the generic error screen with the
 *  spec's render-fallback texts, 'Go to Home Page' and 'Report This Error'. */
export function ErrorFallback({ error, onTryAgain }: ErrorFallbackProps) {
  return (
    <ErrorScreen
      error={error}
      onTryAgain={onTryAgain}
      title="Something went wrong"
      message="We're sorry, but something unexpected happened. Please try refreshing the page or go back to the home page."
      dashboardHref={null}
      showGoBack={false}
      homeHref="/"
    />
  );
}
