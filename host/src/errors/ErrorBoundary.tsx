import { Component, type ReactNode } from 'react';

interface Props {
  children: ReactNode;
  fallback: ReactNode;
  /** What failed, for the console: 'Remote page', 'Route'. */
  label: string;
  /** Told of every error caught (error telemetry). */
  onError?: (error: Error) => void;
}

interface State {
  error: Error | null;
}

/** Catches what failed to load or render below it, so only that part of the screen is lost. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error): void {
    console.error(`${this.props.label} failed`, error);
    this.props.onError?.(error);
  }

  override render(): ReactNode {
    return this.state.error ? this.props.fallback : this.props.children;
  }
}
