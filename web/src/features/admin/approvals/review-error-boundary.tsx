import type { ReactNode } from 'react';
import { ErrorBoundary } from '../../../components/error-boundary';
import { ErrorScreen } from '../../../components/error-screen';
import { APPROVALS_PATH } from '../admin-route';

interface Props {
  children: ReactNode;
  /** The application shown: moving to another one clears a shown error. */
  clubId: string;
  onGoBack: () => void;
  onGoToDashboard: () => void;
}

/** Keeps a failure inside one application's review from taking the whole panel down: the generic
 *  error screen (spec sections 2 and 8) in place of the review, with a report to support. */
export function ReviewErrorBoundary({ children, clubId, onGoBack, onGoToDashboard }: Props) {
  return (
    <ErrorBoundary
      resetKey={clubId}
      fallback={(error, reset) => (
        <ErrorScreen
          error={error}
          where="Application review"
          headingLevel="h3"
          onTryAgain={reset}
          onGoBack={() => {
            reset();
            onGoBack();
          }}
          dashboardHref={APPROVALS_PATH}
          onGoToDashboard={() => {
            reset();
            onGoToDashboard();
          }}
        />
      )}
    >
      {children}
    </ErrorBoundary>
  );
}
