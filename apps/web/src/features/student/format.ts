import { format, parseISO } from 'date-fns';
import { nairobiDate } from '@ops/shared/domain/nairobi-time';

/** 'MMM dd, yyyy' for a calendar day ('2026-12-01' → 'Dec 01, 2026') or an instant, read in Nairobi. */
export function formatDay(value: string): string {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : nairobiDate(new Date(value));
  return format(parseISO(day), 'MMM dd, yyyy');
}

/** 3.5 → '3.5 hours', 1 → '1 hour'. */
export const formatHours = (hours: number): string => `${hours} ${hours === 1 ? 'hour' : 'hours'}`;

const STATUS_LABELS: Record<string, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  pending_cash: 'Pending Cash',
  pending_payment: 'Pending Payment',
  active: 'Active',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/** An enrolment's status as words: 'pending_cash' → 'Pending Cash'. */
export function enrollmentStatusLabel(status: string): string {
  return STATUS_LABELS[status] ?? status.replace(/_/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());
}
