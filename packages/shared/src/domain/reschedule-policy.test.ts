import { describe, expect, it } from 'vitest';
import { nairobiInstant } from './nairobi-time.ts';
import { movesLeft, RESCHEDULE_MESSAGES, rescheduledTimes, rescheduleRefusal } from './reschedule-policy.ts';

const start = nairobiInstant('2027-03-10', '09:00');
const end = nairobiInstant('2027-03-10', '17:00');
const paid = { status: 'confirmed', paymentStatus: 'paid', startTime: start, rescheduleCount: 0 };
const at = (date: string, time: string) => nairobiInstant(date, time);

describe('when a booking may be moved', () => {
  it.each([
    ['two days ahead', at('2027-03-08', '09:00'), null],
    ['exactly 24 hours ahead', at('2027-03-09', '09:00'), null],
    ['a minute under 24 hours', at('2027-03-09', '09:01'), RESCHEDULE_MESSAGES.tooLate],
    ['after the start', at('2027-03-10', '10:00'), RESCHEDULE_MESSAGES.tooLate],
  ])('%s', (_, now, refusal) => {
    expect(rescheduleRefusal(paid, now)).toBe(refusal);
  });

  it('only a paid, confirmed booking, at most twice', () => {
    const now = at('2027-03-01', '09:00');
    expect(rescheduleRefusal({ ...paid, status: 'pending', paymentStatus: 'unpaid' }, now)).toBe(RESCHEDULE_MESSAGES.notPaid);
    expect(rescheduleRefusal({ ...paid, status: 'cancelled' }, now)).toBe(RESCHEDULE_MESSAGES.notPaid);
    expect(rescheduleRefusal({ ...paid, paymentStatus: 'refunded' }, now)).toBe(RESCHEDULE_MESSAGES.notPaid);
    expect(rescheduleRefusal({ ...paid, rescheduleCount: 1 }, now)).toBeNull();
    expect(rescheduleRefusal({ ...paid, rescheduleCount: 2 }, now)).toBe(RESCHEDULE_MESSAGES.tooMany);
    expect(movesLeft({ rescheduleCount: 1 })).toBe(1);
    expect(movesLeft({ rescheduleCount: 5 })).toBe(0);
  });
});

describe('the new times', () => {
  const now = at('2027-03-01', '09:00');
  const booking = { startTime: start, endTime: end };

  it('keeps the length, across midnight too', () => {
    const moved = rescheduledTimes(booking, { date: '2027-03-12', startTime: '20:00' }, { now });
    expect(moved).toEqual({ ok: true, start: at('2027-03-12', '20:00'), end: at('2027-03-13', '04:00') });
  });

  it.each([
    [{ date: '2027-02-30', startTime: '09:00' }, { date: 'Enter a valid date (YYYY-MM-DD).' }],
    [{ date: '', startTime: '09:00' }, { date: 'Please select a start date.' }],
    [{ date: '2027-03-12', startTime: '25:00' }, { startTime: 'Enter the time as HH:mm (24-hour clock).' }],
    [{ date: '2027-02-28', startTime: '09:00' }, { date: 'The start time is in the past.' }],
    [{ date: '2027-03-01', startTime: '08:59' }, { startTime: 'The start time is in the past.' }],
    [{ date: '2027-04-01', startTime: '09:00' }, { date: 'Bookings can be made at most 30 days ahead.' }],
    [{ date: '2027-03-10', startTime: '09:00' }, { startTime: RESCHEDULE_MESSAGES.sameTime }],
  ])('refuses %j', (request, errors) => {
    expect(rescheduledTimes(booking, request, { now })).toEqual({ ok: false, errors });
  });

  it('takes the last day the advance limit allows, and now to the minute', () => {
    expect(rescheduledTimes(booking, { date: '2027-03-31', startTime: '09:00' }, { now }).ok).toBe(true);
    expect(rescheduledTimes(booking, { date: '2027-03-01', startTime: '09:00' }, { now }).ok).toBe(true);
  });
});
