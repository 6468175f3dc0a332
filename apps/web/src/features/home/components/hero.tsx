import { Link } from 'react-router';
import { ArrowRight, CalendarCheck } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';

/** 'Book Security Service' is offered only to those who may book: signed-in clients. */
export function Hero({ canBook }: { canBook: boolean }) {
  return (
    <section className="bg-gradient-to-b from-primary to-[#18305a] text-primary-foreground">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-24 lg:px-8">
        <p className="text-sm font-semibold tracking-widest text-accent uppercase">Private security in Kenya</p>
        <h1 className="mt-3 max-w-3xl text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl">
          Select and Deploy the Best
        </h1>
        <p className="mt-5 max-w-2xl text-lg text-white/85">
          Book vetted, professionally trained security guards for your home, business or event, and pay
          securely in KES by M-Pesa or card.
        </p>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          <Button asChild variant="accent" size="lg">
            <Link to="/guards">
              Browse Guards
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
          {canBook ? (
            <Button
              asChild
              variant="outline"
              size="lg"
              className="border-white/60 bg-transparent text-white hover:bg-white/10"
            >
              <Link to="/booking">
                <CalendarCheck aria-hidden="true" />
                Book Security Service
              </Link>
            </Button>
          ) : null}
        </div>
      </div>
    </section>
  );
}
