import { Component, type ErrorInfo, type ReactNode } from 'react';
import { AdminErrorScreen } from '../admin-error-screen';

interface Props {
  children: ReactNode;
  onGoBack: () => void;
  onGoToDashboard: () => void;
}

interface State {
  error: unknown;
  hasError: boolean;
}

/** Keeps a failure inside one application's review from taking the whole panel down. */
export class ReviewErrorBoundary extends Component<Props, State> {
  state: State = { error: null, hasError: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, hasError: true };
  }

  componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Application review render error:', error, info.componentStack);
  }

  private readonly reset = () => this.setState({ error: null, hasError: false });

  render(): ReactNode {
    if (!this.state.hasError) return this.props.children;
    return (
      <AdminErrorScreen
        error={this.state.error}
        where="Application review"
        onTryAgain={this.reset}
        onGoBack={() => {
          this.reset();
          this.props.onGoBack();
        }}
        onGoToDashboard={() => {
          this.reset();
          this.props.onGoToDashboard();
        }}
      />
    );
  }
}
