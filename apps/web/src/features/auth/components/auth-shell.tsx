import type { ReactNode } from 'react';
import { ShieldCheck } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card.tsx';

/** The centred card every auth screen sits in. */
export function AuthShell({ title, description, children }: { title: string; description: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <Card>
        <CardHeader className="items-center text-center">
          <ShieldCheck className="size-10 text-accent-text" aria-hidden="true" />
          <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
    </div>
  );
}
