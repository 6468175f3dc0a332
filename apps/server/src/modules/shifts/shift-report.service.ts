/**
 * The client's shift report (decision 029): each guard's check-in and check-out with 'Verified at
 * site' or not, the hours covered against the hours booked, the incidents with their photos, and
 * how the booking completed. For the booking's client and admins; anyone else reads 'not found'.
 */
import { bookingServiceLabel } from '@ops/shared/domain/booking-labels';
import { COMPLETION_KIND_LABELS, hoursBooked, hoursCovered, shiftsOf } from '@ops/shared/domain/shift-rules';
import type { ShiftReportDto } from '@ops/shared/schemas/shifts';
import type { AppDeps, Viewer } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { reviewOpen } from '../reviews/reviews.service.ts';
import { listIncidents } from './incidents.service.ts';
import { checkDto } from './shift-checks.service.ts';
import { findChecks, findGuardsOn, findReportBooking } from './shifts.repo.ts';

export async function shiftReport(deps: Pick<AppDeps, 'db' | 'clock'>, viewer: Viewer, bookingId: string): Promise<ShiftReportDto> {
  const b = await findReportBooking(deps.db, bookingId);
  if (!b || (viewer.role !== 'admin' && b.clientProfileId !== viewer.profileId)) throw AppError.notFound('Booking not found');
  if (b.status !== 'confirmed' && b.status !== 'completed') throw AppError.conflict('There is a shift report only for a paid booking.');
  const [guards, checks, incidents] = await Promise.all([
    findGuardsOn(deps.db, [bookingId]),
    findChecks(deps.db, [bookingId]),
    listIncidents(deps, viewer, bookingId),
  ]);
  // A guard replaced mid-booking keeps what they recorded in the report.
  const recorded = [...new Set(checks.map((c) => c.guardProfileId))].filter((id) => !guards.some((g) => g.guardProfileId === id));
  const people = [
    ...guards.map((g) => ({ id: g.guardProfileId, fullName: g.fullName })),
    ...recorded.map((id) => ({ id, fullName: checks.find((c) => c.guardProfileId === id)?.guardName ?? 'Guard' })),
  ];
  const shifts = shiftsOf(b);
  const now = deps.clock();
  const report = people.map((p) => {
    const rows = shifts.map((s) => {
      const check = checks.find((c) => c.guardProfileId === p.id && c.shiftIndex === s.index);
      return {
        shiftIndex: s.index,
        start: s.start.toISOString(),
        end: s.end.toISOString(),
        check: checkDto(check),
        // A shift still being worked counts to now, not to its end.
        hoursCovered: check ? hoursCovered(s, { checkedInAt: check.checkedInAt, checkedOutAt: check.checkedOutAt ?? (now < s.end ? now : null) }) : 0,
        upcoming: s.start.getTime() > now.getTime(),
      };
    });
    return { profileId: p.id, fullName: p.fullName, shifts: rows, hoursCovered: rows.reduce((sum, r) => sum + r.hoursCovered, 0) };
  });
  return {
    bookingId: b.id,
    reference: b.reference,
    service: bookingServiceLabel(b),
    area: b.area,
    address: b.address,
    start: b.startTime.toISOString(),
    end: b.endTime.toISOString(),
    status: b.status,
    completion:
      b.completionKind && b.completedAt
        ? { kind: b.completionKind, label: COMPLETION_KIND_LABELS[b.completionKind], at: b.completedAt.toISOString() }
        : null,
    hoursBooked: hoursBooked(b) * b.teamSize,
    hoursCovered: report.reduce((sum, g) => sum + g.hoursCovered, 0),
    guards: report,
    incidents,
    canDownloadPdf: true,
    canReview: viewer.role === 'client' && (await reviewOpen(deps.db, b)),
  };
}
