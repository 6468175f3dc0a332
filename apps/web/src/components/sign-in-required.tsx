import { Link } from 'wouter';
import { LockKeyhole } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card.tsx';
import { useSignInPath } from '@/lib/sign-in-path.ts';

/** What a signed-out visitor sees on a page that needs an account; signing in brings them back here. */
export function SignInRequired({ title = 'Please Sign In', description }: { title?: string; description: string }) {
  const signInPath = useSignInPath();
  return (
    <div className="mx-auto flex max-w-md px-4 py-16">
      <Card className="w-full text-center">
        <CardHeader className="items-center">
          <LockKeyhole className="size-10 text-muted-foreground" aria-hidden="true" />
          <h1 className="text-2xl font-semibold">{title}</h1>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent>
          <Button asChild size="lg" className="w-full">
            <Link to={signInPath}>Sign In</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
