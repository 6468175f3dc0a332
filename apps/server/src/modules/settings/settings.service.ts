import type { ShiftSettings } from '@ops/shared/domain/shift-rules';
import type { CancellationPolicy } from '@ops/shared/domain/cancellation-policy';
import type { ReschedulePolicy } from '@ops/shared/domain/reschedule-policy';
import { policyOfSettings, reschedulePolicyOfSettings, type PublicSettingsDto } from '@ops/shared/schemas/settings';
import type { Executor } from '../../db/client.ts';
import type { AppDeps } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import type { StoredObject } from '../../providers/files/file-store.ts';
import type { MailBrand } from '../../providers/mail/mail-layout.ts';
import { openStoredFile, type StoredFileRow } from '../files/files.service.ts';
import { findLogoFile, getSettings, type PlatformSettings } from './settings.repo.ts';

/** Where the logo is served; the file's id in the address changes with each upload, so a cached copy never outlives it. */
export const logoUrlOf = (row: Pick<PlatformSettings, 'logoFileId'>): string | null => (row.logoFileId ? `/api/settings/logo?v=${row.logoFileId}` : null);

export function toPublicSettings(row: PlatformSettings): PublicSettingsDto {
  return {
    companyName: row.companyName,
    slogan: row.slogan,
    primaryColor: row.primaryColor,
    logoUrl: logoUrlOf(row),
    maxAdvanceBookingDays: row.maxAdvanceBookingDays,
    defaultBookingDurationHours: row.defaultBookingDurationHours,
    cancellationPolicy: policyOfSettings(row),
    reschedulePolicy: reschedulePolicyOfSettings(row),
  };
}

export async function getPublicSettings(db: Executor): Promise<PublicSettingsDto> {
  return toPublicSettings(await getSettings(db));
}

/** The company name and colour e-mails are sent under. */
export async function readMailBrand(db: Executor): Promise<MailBrand> {
  const { companyName, primaryColor } = await getSettings(db);
  return { companyName, primaryColor };
}

/** The logo's file and its bytes; 404 when no logo is set. */
export async function openLogo(deps: Pick<AppDeps, 'db' | 'files' | 'logger'>): Promise<{ file: StoredFileRow; object: StoredObject }> {
  const file = await findLogoFile(deps.db);
  if (!file) throw AppError.notFound('There is no logo.');
  return { file, object: await openStoredFile(deps, file) };
}

/** The shift rules in force (decision 029). */
export function shiftSettingsOf(row: PlatformSettings): ShiftSettings {
  return {
    reminderFirstLeadHours: row.reminderFirstLeadHours,
    reminderSecondLeadHours: row.reminderSecondLeadHours,
    checkInOpensMinutes: row.checkInOpensMinutes,
    siteRadiusMeters: row.siteRadiusMeters,
    lateGraceMinutes: row.lateGraceMinutes,
    completionGraceMinutes: row.completionGraceMinutes,
  };
}

export async function getShiftSettings(db: Executor): Promise<ShiftSettings & { dutyPhone: string | null }> {
  const row = await getSettings(db);
  return { ...shiftSettingsOf(row), dutyPhone: row.dutyPhone };
}

/** The cancellation policy in force (decision 030). */
export async function getCancellationPolicy(db: Executor): Promise<CancellationPolicy> {
  return policyOfSettings(await getSettings(db));
}

/** The reschedule policy in force (decision 030): how long before the start, and how many times, a client may move a booking. */
export async function getReschedulePolicy(db: Executor): Promise<ReschedulePolicy> {
  return reschedulePolicyOfSettings(await getSettings(db));
}

/** How many days ahead a booking may start ('max advance booking days'). */
export async function getMaxAdvanceBookingDays(db: Executor): Promise<number> {
  return (await getSettings(db)).maxAdvanceBookingDays;
}

// Other modules read the settings row (commission, auto-approval, the certificates' signatory)
// through here; only this module changes it.
export { getSettings, type PlatformSettings } from './settings.repo.ts';
