import { Component } from 'react';
import type { ReactNode } from 'react';

/**
 * Around a part whose code arrives in its own chunk (a chart): if that load fails (offline, or a
 * new version was deployed meanwhile) only that part shows `fallback`, not the whole page.
 */
export class ChunkBoundary extends Component<
  { fallback: ReactNode; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
