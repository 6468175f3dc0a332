import { describe, expect, it } from 'vitest';
import { remindersDue } from './shift-rules';

const at = (iso: string) => new Date(`${iso}+03:00`);
const start = at('2026-12-02T08:00');
const leads = [24, 2] as const;

describe('remindersDue', () => {
  const cases: [string, number[], number | null, number][] = [
    ['2026-12-01T07:59', [], null, 24],
    ['2026-12-01T08:00', [24], 24, 24],
    ['2026-12-01T19:59', [24], 24, 12],
    ['2026-12-01T20:00', [], null, 12],
    ['2026-12-01T22:00', [], null, 10],
    ['2026-12-02T05:59', [], null, 2],
    ['2026-12-02T06:00', [2], 2, 2],
    ['2026-12-02T06:30', [2], 2, 2],
    ['2026-12-02T06:59', [2], 2, 1],
    ['2026-12-02T07:00', [], null, 1],
    ['2026-12-02T07:30', [], null, 1],
  ];
  it.each(cases)('at %s the reminders due are %o, sending %s, saying %i hours', (now, due, send, hoursLeft) => {
    expect(remindersDue(start, at(now), leads)).toEqual({ due, send, hoursLeft });
  });

  it('sends the nearer of two leads whose moments overlap and claims the other unsent', () => {
    expect(remindersDue(start, at('2026-12-02T06:00'), [3, 2])).toEqual({ due: [3, 2], send: 2, hoursLeft: 2 });
  });
});
