import { format, parseISO } from 'date-fns';
import { nairobiDate } from '@ops/shared/domain/nairobi-time';

/** 'MMM dd, yyyy' for a calendar day ('2027-03-01' → 'Mar 01, 2027') or an instant, read in Nairobi. */
export function formatDay(value: string): string {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : nairobiDate(new Date(value));
  return format(parseISO(day), 'MMM dd, yyyy');
}
