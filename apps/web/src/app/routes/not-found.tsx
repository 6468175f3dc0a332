import { Link } from 'wouter';
import { Button } from '@/components/ui/button.tsx';

export function NotFoundPage() {
  return (
    <div className="mx-auto flex min-h-[60vh] max-w-md flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <h1 className="text-6xl font-extrabold tracking-tight text-primary">404</h1>
      <p className="text-xl text-muted-foreground">Oops! Page not found</p>
      <Button asChild size="lg">
        <Link to="/">Return to Home</Link>
      </Button>
    </div>
  );
}
