import { LoaderCircle } from 'lucide-react';

/**
 * Shown while the session is being read or a page is on its way, in place of any content that
 * depends on it. The same markup as <Spinner />, kept apart from it (and from tailwind-merge) because
 * it is in the first bundle.
 */
export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="flex min-h-[40vh] items-center justify-center">
      <span role="status" aria-label={label} className="inline-flex items-center">
        <LoaderCircle className="size-6 animate-spin text-muted-foreground" aria-hidden="true" />
        <span className="sr-only">{label}</span>
      </span>
    </div>
  );
}
