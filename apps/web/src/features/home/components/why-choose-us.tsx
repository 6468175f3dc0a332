import { Clock, ShieldCheck, SlidersHorizontal, type LucideIcon } from 'lucide-react';

const REASONS: { title: string; text: string; icon: LucideIcon }[] = [
  {
    title: 'Verified Professionals',
    text: 'Every guard is background-checked and approved by our team before they can be booked.',
    icon: ShieldCheck,
  },
  {
    title: '24/7 Availability',
    text: 'Day shifts, night shifts or round-the-clock cover, whenever and wherever you need it.',
    icon: Clock,
  },
  {
    title: 'Tailored Solutions',
    text: 'From one personal guard to a full event team, planned around your site and your risks.',
    icon: SlidersHorizontal,
  },
];

export function WhyChooseUs() {
  return (
    <section aria-labelledby="why-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
      <h2 id="why-heading" className="text-center text-3xl font-bold tracking-tight">
        Why Choose Us
      </h2>
      <ul className="mt-10 grid gap-6 md:grid-cols-3">
        {REASONS.map(({ title, text, icon: Icon }) => (
          <li key={title} className="rounded-xl border bg-card p-6 shadow-sm">
            <span className="inline-flex size-12 items-center justify-center rounded-lg bg-accent/15 text-accent-text">
              <Icon className="size-6" aria-hidden="true" />
            </span>
            <h3 className="mt-4 text-lg font-semibold">{title}</h3>
            <p className="mt-2 text-muted-foreground">{text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
