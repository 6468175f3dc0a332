import type { ReactNode } from 'react';
import { inclusiveDays, isIsoDate, isTimeOfDay, nairobiInstant } from '@ops/shared/domain/nairobi-time';
import { formatDate, formatTime } from '@/lib/format-date.ts';
import type { WizardForm } from '../../utils/wizard-form.ts';
import { DRESS_CODE_OPTIONS, WIZARD_SERVICE_OPTIONS } from '../../utils/wizard-labels.ts';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const showDate = (date: string) => (isIsoDate(date) ? formatDate(nairobiInstant(date, '12:00')) : '—');
const showTime = (time: string) => (isTimeOfDay(time) ? formatTime(nairobiInstant('2026-01-01', time)) : '—');

function lengthText(form: WizardForm): string {
  if (form.durationType === 'hourly') return plural(form.duration, 'hour');
  if (!isIsoDate(form.date) || !isIsoDate(form.endDate) || form.endDate < form.date) return '—';
  return `${plural(inclusiveDays(form.date, form.endDate), 'day')}, round the clock`;
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[8rem_1fr] gap-2 py-2 sm:grid-cols-[10rem_1fr]">
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="min-w-0 font-medium break-words">{children}</dd>
    </div>
  );
}

/** Every choice of the booking, as the summary step lists them for review. */
export function BookingReview({ form }: { form: WizardForm }) {
  const daily = form.durationType === 'daily';
  return (
    <dl className="divide-y rounded-lg border px-4 text-sm" aria-label="Your booking">
      {form.serviceType ? <Row term="Service">{WIZARD_SERVICE_OPTIONS[form.serviceType].label}</Row> : null}
      <Row term="Guard">{form.guard?.name ?? 'Any available guard'}</Row>
      <Row term="Number of guards">{form.teamSize}</Row>
      <Row term="Booking type">{daily ? 'Daily' : 'Hourly'}</Row>
      <Row term={daily ? 'Dates' : 'Date'}>{daily ? `${showDate(form.date)} – ${showDate(form.endDate)}` : showDate(form.date)}</Row>
      <Row term="Start time">{showTime(form.startTime)}</Row>
      <Row term="Duration">{lengthText(form)}</Row>
      <Row term="Location">{form.location || '—'}</Row>
      {form.address.trim() ? <Row term={form.location === 'Other' ? 'Specific location' : 'Address'}>{form.address.trim()}</Row> : null}
      <Row term="Dress code">{form.dressCode ? DRESS_CODE_OPTIONS[form.dressCode].label : '—'}</Row>
      {form.notes.trim() ? <Row term="Notes">{form.notes.trim()}</Row> : null}
    </dl>
  );
}
