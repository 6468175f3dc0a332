import { Link } from 'wouter';
import { LayoutDashboard } from 'lucide-react';
import type { Role } from '@ops/shared/constants';
import { dashboardPathFor, homeWelcomeText } from '@ops/shared/domain/permissions';
import { FIRST_LOAD_CLASSES } from '@/components/ui/first-load-classes.ts';

export function WelcomePanel({ role }: { role: Role }) {
  return (
    <section aria-labelledby="welcome-heading" className="mx-auto max-w-7xl px-4 pt-10 sm:px-6 lg:px-8">
      <div className="flex flex-col gap-4 rounded-xl border bg-card p-6 shadow-sm sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 id="welcome-heading" className="text-2xl font-semibold">
            Welcome back
          </h2>
          <p className="mt-1 text-muted-foreground">{homeWelcomeText(role)}</p>
        </div>
        <Link to={dashboardPathFor(role)} className={FIRST_LOAD_CLASSES.primaryLarge.className}>
          <LayoutDashboard aria-hidden="true" />
          Go to Dashboard
        </Link>
      </div>
    </section>
  );
}
