import { Component, type ReactNode } from 'react';

type TProps = { children: ReactNode; onError: (error: unknown) => void };
type TState = { failed: boolean };

/** Catches a failed chunk import or a failed data request of a modal (spec section 8). */
export class ModalErrorBoundary extends Component<TProps, TState> {
  override state: TState = { failed: false };

  static getDerivedStateFromError(): TState {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    this.props.onError(error);
  }

  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}
