import { lazy, Suspense, useMemo, useState } from 'react';
import { CalendarCheck } from 'lucide-react';
import type { GuardDetailsDto } from '@ops/shared/schemas/guards';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';

const loadWizard = () => import('./guard-booking-wizard.tsx');
const GuardBookingWizard = lazy(() => loadWizard().then((m) => ({ default: m.GuardBookingWizard })));

/** 'Book This Guard': opens the booking wizard, fetched the first time it is wanted. */
export function BookGuardButton({ guard }: { guard: GuardDetailsDto }) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const picked = useMemo(() => ({ id: guard.id, name: guard.displayName }), [guard.id, guard.displayName]);
  // Hovering or focusing the button starts the download, so the wizard is usually there on click.
  const preload = () => void loadWizard();

  return (
    <>
      <Button
        variant="accent"
        size="lg"
        className="w-full"
        onMouseEnter={preload}
        onFocus={preload}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <CalendarCheck aria-hidden="true" />
        Book This Guard
      </Button>
      {wanted ? (
        <Suspense
          fallback={
            <div className="fixed inset-0 z-50 flex items-center justify-center bg-black/50">
              <Spinner label="Opening the booking form" className="size-8 text-white" />
            </div>
          }
        >
          <GuardBookingWizard open={open} onOpenChange={setOpen} guard={picked} />
        </Suspense>
      ) : null}
    </>
  );
}
