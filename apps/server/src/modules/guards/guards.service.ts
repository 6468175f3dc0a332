import { nairobiDate } from '@ops/shared/domain/nairobi-time';
import type { GuardDetailsDto, GuardListDto, GuardListParams } from '@ops/shared/schemas/guards';
import type { Executor } from '../../db/client.ts';
import type { Viewer } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { countGuards, findGuardDetails, findGuardPage, findOwnCardUnlisted, isGuardVisible, type GuardVisibility } from './guards.repo.ts';

/** Today in Nairobi, the day a guard's credentials must hold on to be listed. */
const nairobiToday = () => nairobiDate(new Date());

/**
 * Guests, clients and partners see Deployment Ready guards: approved, through onboarding (onboarding
 * complete and fit for duty) and with a PSRA licence and police clearance holding today (Kenya's PSRA
 * Act: others cannot be booked); a guard also sees their own card while it is under review, in
 * onboarding or uncredentialed (never a rejected one); admins see everyone. The profile and its
 * reviews follow this rule (a guest, null, may look at a profile before signing up), and so does the
 * list, which needs a sign-in (see listGuards for where the guard's own card goes).
 */
export function guardVisibility(viewer: Viewer | null, today = nairobiToday()): GuardVisibility {
  if (!viewer) return { kind: 'listed', credentialedOn: today };
  if (viewer.role === 'admin') return { kind: 'all' };
  if (viewer.role === 'guard') return { kind: 'listed', credentialedOn: today, alsoOwn: viewer.profileId };
  return { kind: 'listed', credentialedOn: today };
}

/**
 * One page of guards and how many there are in all. A guard clients do not see finds their own card first,
 * ahead of the listed guards in the chosen order: it is the card they came to check, and the
 * list itself stays one index-ordered query.
 */
export async function listGuards(db: Executor, viewer: Viewer, params: GuardListParams, today = nairobiToday()): Promise<GuardListDto> {
  const visibility = viewer.role === 'admin' ? ({ kind: 'all' } as const) : ({ kind: 'listed', credentialedOn: today } as const);
  const ownCard = viewer.role === 'guard' ? await findOwnCardUnlisted(db, viewer.profileId, params, today) : null;
  const pinned = ownCard ? 1 : 0;
  const offset = (params.page - 1) * params.pageSize;
  const window = offset === 0 ? { offset: 0, limit: params.pageSize - pinned } : { offset: offset - pinned, limit: params.pageSize };
  const rows = await findGuardPage(db, visibility, params, window, today);
  // A page that is neither full nor empty is the last one, which gives the total without counting.
  const listed = rows.length > 0 && rows.length < window.limit ? window.offset + rows.length : await countGuards(db, visibility, params, today);
  return {
    items: ownCard && offset === 0 ? [ownCard, ...rows] : rows,
    page: params.page,
    pageSize: params.pageSize,
    total: listed + pinned,
  };
}

const notFound = () => AppError.notFound('Guard not found');

export async function getGuardDetails(db: Executor, viewer: Viewer | null, guardProfileId: string, today = nairobiToday()): Promise<GuardDetailsDto> {
  const guard = await findGuardDetails(db, guardVisibility(viewer, today), guardProfileId, today);
  if (!guard) throw notFound();
  return guard;
}

/** 404 for a guard this viewer may not see, exactly as for one that does not exist. */
export async function assertGuardVisible(db: Executor, viewer: Viewer | null, guardProfileId: string): Promise<void> {
  if (!(await isGuardVisible(db, guardVisibility(viewer), guardProfileId))) throw notFound();
}
