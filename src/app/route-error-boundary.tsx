import { Component } from 'react';
import type { ReactNode } from 'react';
import { RouteErrorPage } from './route-error-page';

interface Props {
  /** The boundary forgets an error when this changes, so navigating away recovers. */
  resetKey: string;
  children: ReactNode;
}

interface State {
  error: unknown;
  resetKey: string;
}

/** React only catches render errors in class components; this one shows RouteErrorPage. */
export class RouteErrorBoundary extends Component<Props, State> {
  state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  render() {
    return this.state.error ? <RouteErrorPage error={this.state.error} /> : this.props.children;
  }
}
