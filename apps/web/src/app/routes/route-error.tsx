import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '@/components/ui/button.tsx';

/** Last resort for a page that failed to load (often a stale bundle after a new release). */
export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="mx-auto flex min-h-[60vh] max-w-md flex-col items-center justify-center gap-4 px-4 text-center">
      <h1 className="text-2xl font-semibold">{notFound ? 'Oops! Page not found' : 'Something went wrong'}</h1>
      <p className="text-muted-foreground">
        {notFound ? 'The page you are looking for does not exist.' : 'Please reload the page and try again.'}
      </p>
      <div className="flex gap-2">
        <Button onClick={() => window.location.reload()}>Reload</Button>
        <Button asChild variant="outline">
          <a href="/">Return to Home</a>
        </Button>
      </div>
    </div>
  );
}
