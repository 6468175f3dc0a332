const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** A Nairobi calendar day 'YYYY-MM-DD' in long form, 'MMMM d, yyyy' ('2027-03-09' → 'March 9, 2027'). */
export function longDay(day: string): string {
  const [year, month, date] = day.split('-');
  return `${MONTHS[Number(month) - 1] ?? month} ${Number(date)}, ${year}`;
}

const nairobiDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi', year: 'numeric', month: '2-digit', day: '2-digit' });

/** An instant as the Nairobi day it fell on, in long form ('2027-02-28T22:30:00Z' → 'March 1, 2027'). */
export function longDate(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return longDay(value);
  return longDay(nairobiDay.format(date));
}
