import { Component, type ReactNode } from 'react';

interface Props {
  children: ReactNode;
  fallback: ReactNode;
}

interface State {
  error: Error | null;
}

/** Catches a remote page that failed to load or render, so only that page is lost. */
export class RemoteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error): void {
    console.error('Remote page failed', error);
  }

  override render(): ReactNode {
    return this.state.error ? this.props.fallback : this.props.children;
  }
}
