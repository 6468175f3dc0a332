import { Link } from 'wouter';
import { LockKeyhole } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card.tsx';
import { SIGN_IN_PATH } from './layout/nav-items.ts';

/** What a signed-out visitor sees on a page that needs an account. */
export function SignInRequired({ title = 'Please Sign In', description }: { title?: string; description: string }) {
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
            <Link to={SIGN_IN_PATH}>Sign In</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
