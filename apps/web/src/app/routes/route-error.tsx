import { Component, type ReactNode } from 'react';
import { buttonVariants } from '@/components/ui/button-variants.ts';

/** Last resort for a page that failed to load (often a stale bundle after a new release). */
export function RouteError() {
  return (
    <div className="mx-auto flex min-h-[60vh] max-w-md flex-col items-center justify-center gap-4 px-4 text-center">
      <h1 className="text-2xl font-semibold">Something went wrong</h1>
      <p className="text-muted-foreground">Please reload the page and try again.</p>
      {/* Plain elements with the Button's looks: this file is in the first bundle, the Button is not. */}
      <div className="flex gap-2">
        <button type="button" className={buttonVariants()} onClick={() => window.location.reload()}>
          Reload
        </button>
        <a href="/" className={buttonVariants({ variant: 'outline' })}>
          Return to Home
        </a>
      </div>
    </div>
  );
}

/** Catches what a page throws while rendering; the next address gets a fresh try. */
export class RouteErrorBoundary extends Component<{ resetKey: string; children: ReactNode }, { failed: boolean; key: string }> {
  override state = { failed: false, key: this.props.resetKey };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: { resetKey: string }, state: { key: string }) {
    return props.resetKey === state.key ? null : { failed: false, key: props.resetKey };
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}
