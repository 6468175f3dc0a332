import { Link } from 'wouter';
import { ArrowRight, CalendarCheck } from 'lucide-react';
import { FIRST_LOAD_CLASSES } from '@/components/ui/first-load-classes.ts';

/** 'Book Security Service' is offered only to those who may book: signed-in clients. */
export function Hero({ canBook }: { canBook: boolean }) {
  return (
    <section className="bg-gradient-to-b from-primary to-[#18305a] text-primary-foreground">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-24 lg:px-8">
        <p className="text-sm font-semibold tracking-widest text-accent uppercase">Private security in Kenya</p>
        <h1 className="mt-3 max-w-3xl text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl">Select and Deploy the Best</h1>
        <p className="mt-5 max-w-2xl text-lg text-white/85">
          Book vetted, professionally trained security guards for your home, business or event, and pay securely in KES by M-Pesa or card.
        </p>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          <Link to="/guards" className={FIRST_LOAD_CLASSES.accentLarge.className}>
            Browse Guards
            <ArrowRight aria-hidden="true" />
          </Link>
          {canBook ? (
            <Link to="/booking" className={FIRST_LOAD_CLASSES.outlineLargeOnDark.className}>
              <CalendarCheck aria-hidden="true" />
              Book Security Service
            </Link>
          ) : null}
        </div>
      </div>
    </section>
  );
}
