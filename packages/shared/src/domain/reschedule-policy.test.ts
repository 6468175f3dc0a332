import { describe, expect, it } from 'vitest';
import { nairobiInstant } from './nairobi-time.ts';
import {
  DEFAULT_RESCHEDULE_POLICY,
  movesLeft,
  RESCHEDULE_MESSAGES,
  rescheduledTimes,
  rescheduleNoticeText,
  rescheduleRefusal,
  type ReschedulePolicy,
} from './reschedule-policy.ts';

const start = nairobiInstant('2027-03-10', '09:00');
const end = nairobiInstant('2027-03-10', '17:00');
const paid = { status: 'confirmed', paymentStatus: 'paid', startTime: start, rescheduleCount: 0 };
const at = (date: string, time: string) => nairobiInstant(date, time);
const DEFAULTS = DEFAULT_RESCHEDULE_POLICY;
const SHORT: ReschedulePolicy = { noticeHours: 12, maxMoves: 1 };
const UNTIL_START: ReschedulePolicy = { noticeHours: 0, maxMoves: 10 };
const NONE: ReschedulePolicy = { noticeHours: 24, maxMoves: 0 };

describe('when a booking may be moved', () => {
  it('defaults to 24 hours’ notice and two moves', () => {
    expect(DEFAULT_RESCHEDULE_POLICY).toEqual({ noticeHours: 24, maxMoves: 2 });
  });

  it.each([
    ['the defaults, two days ahead', DEFAULTS, at('2027-03-08', '09:00'), null],
    ['the defaults, exactly 24 hours ahead', DEFAULTS, at('2027-03-09', '09:00'), null],
    ['the defaults, a minute under 24 hours', DEFAULTS, at('2027-03-09', '09:01'), RESCHEDULE_MESSAGES.tooLate(DEFAULTS)],
    ['the defaults, after the start', DEFAULTS, at('2027-03-10', '10:00'), RESCHEDULE_MESSAGES.tooLate(DEFAULTS)],
    ['12 hours, a minute over 12 hours ahead', SHORT, at('2027-03-09', '20:59'), null],
    ['12 hours, exactly 12 hours ahead', SHORT, at('2027-03-09', '21:00'), null],
    ['12 hours, a minute under 12 hours', SHORT, at('2027-03-09', '21:01'), RESCHEDULE_MESSAGES.tooLate(SHORT)],
    ['no notice, a minute before the start', UNTIL_START, at('2027-03-10', '08:59'), null],
    ['no notice, at the start', UNTIL_START, at('2027-03-10', '09:00'), null],
    ['no notice, a minute after the start', UNTIL_START, at('2027-03-10', '09:01'), RESCHEDULE_MESSAGES.tooLate(UNTIL_START)],
    ['no moves allowed, a month ahead', NONE, at('2027-02-10', '09:00'), RESCHEDULE_MESSAGES.noMoves],
    ['no moves allowed, too late as well', NONE, at('2027-03-10', '08:00'), RESCHEDULE_MESSAGES.noMoves],
  ])('%s', (_, policy, now, refusal) => {
    expect(rescheduleRefusal(policy, paid, now)).toBe(refusal);
  });

  it.each([
    [DEFAULTS, 1, null, 1],
    [DEFAULTS, 2, RESCHEDULE_MESSAGES.tooMany(DEFAULTS), 0],
    [SHORT, 0, null, 1],
    [SHORT, 1, RESCHEDULE_MESSAGES.tooMany(SHORT), 0],
    // The most was lowered after the booking was moved.
    [SHORT, 2, RESCHEDULE_MESSAGES.tooMany(SHORT, 2), 0],
    [UNTIL_START, 9, null, 1],
    [UNTIL_START, 10, RESCHEDULE_MESSAGES.tooMany(UNTIL_START), 0],
    [NONE, 0, RESCHEDULE_MESSAGES.noMoves, 0],
  ])('under %j, after %i moves', (policy, rescheduleCount, refusal, left) => {
    expect(rescheduleRefusal(policy, { ...paid, rescheduleCount }, at('2027-03-01', '09:00'))).toBe(refusal);
    expect(movesLeft(policy, { rescheduleCount })).toBe(left);
  });

  it('only a paid, confirmed booking, whatever the policy', () => {
    const now = at('2027-03-01', '09:00');
    for (const policy of [DEFAULTS, SHORT, NONE]) {
      expect(rescheduleRefusal(policy, { ...paid, status: 'pending', paymentStatus: 'unpaid' }, now)).toBe(RESCHEDULE_MESSAGES.notPaid);
      expect(rescheduleRefusal(policy, { ...paid, status: 'cancelled' }, now)).toBe(RESCHEDULE_MESSAGES.notPaid);
      expect(rescheduleRefusal(policy, { ...paid, paymentStatus: 'refunded' }, now)).toBe(RESCHEDULE_MESSAGES.notPaid);
    }
  });

  it('names the numbers in force, one or many', () => {
    expect(RESCHEDULE_MESSAGES.tooLate(DEFAULTS)).toBe(
      'A booking can be moved up to 24 hours before its start. This one starts sooner: cancel it, or call the OPS office.',
    );
    expect(RESCHEDULE_MESSAGES.tooLate({ noticeHours: 12 })).toBe(
      'A booking can be moved up to 12 hours before its start. This one starts sooner: cancel it, or call the OPS office.',
    );
    expect(RESCHEDULE_MESSAGES.tooLate({ noticeHours: 1 })).toMatch(/^A booking can be moved up to 1 hour before its start\. /);
    expect(RESCHEDULE_MESSAGES.tooLate({ noticeHours: 0 })).toBe(
      'A booking can be moved until its start. This one has started: cancel it, or call the OPS office.',
    );
    expect(RESCHEDULE_MESSAGES.tooMany(DEFAULTS)).toBe(
      'This booking has been moved 2 times already, the most allowed. Cancel it, or call the OPS office.',
    );
    expect(RESCHEDULE_MESSAGES.tooMany({ maxMoves: 1 })).toBe(
      'This booking has been moved 1 time already, the most allowed. Cancel it, or call the OPS office.',
    );
    expect(RESCHEDULE_MESSAGES.tooMany({ maxMoves: 1 }, 2)).toBe(
      'This booking has been moved 2 times already, and a booking can be moved at most 1 time. Cancel it, or call the OPS office.',
    );
    expect(rescheduleNoticeText(48)).toBe('A booking can be moved up to 48 hours before its start');
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
