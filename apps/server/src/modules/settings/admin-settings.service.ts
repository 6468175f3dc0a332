/**
 * Settings as admins save them. Each change and its audit row ('settings.update', with before and
 * after) commit together; the services read the row as they need it, so a saved value is in force
 * from the next request on.
 */
import serverPackage from '../../../package.json' with { type: 'json' };
import {
  basisPointsToPercent,
  cancellationSettingsRefusal,
  percentToBasisPoints,
  type AdminSettingsDto,
  type SettingsValues,
  type SystemInfoDto,
} from '@ops/shared/schemas/settings';
import type { Database, Executor } from '../../db/client.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { ReceivedUpload } from '../files/file-upload.ts';
import { forgetStoredFile, removeStoredBytes, saveUploadedFile, type FileDeps } from '../files/files.service.ts';
import { AppError } from '../../lib/errors.ts';
import { getSettings, lockSettings, readDatabaseVersion, updateSettings, type PlatformSettings, type SettingsChange } from './settings.repo.ts';
import { logoUrlOf } from './settings.service.ts';
import type { ConsoleActionContext } from '../../lib/console-action.ts';

export function toAdminSettings(row: PlatformSettings): AdminSettingsDto {
  return {
    companyName: row.companyName,
    slogan: row.slogan,
    primaryColor: row.primaryColor,
    logoUrl: logoUrlOf(row),
    defaultBookingDurationHours: row.defaultBookingDurationHours,
    maxAdvanceBookingDays: row.maxAdvanceBookingDays,
    platformCommissionPercent: basisPointsToPercent(row.platformCommissionBasisPoints),
    autoApproveGuards: row.autoApproveGuards,
    certificateAttendancePercent: row.certificateAttendancePercent,
    reminderFirstLeadHours: row.reminderFirstLeadHours,
    reminderSecondLeadHours: row.reminderSecondLeadHours,
    checkInOpensMinutes: row.checkInOpensMinutes,
    siteRadiusMeters: row.siteRadiusMeters,
    lateGraceMinutes: row.lateGraceMinutes,
    completionGraceMinutes: row.completionGraceMinutes,
    cancelFullNoticeHours: row.cancelFullNoticeHours,
    cancelFullPercent: row.cancelFullPercent,
    cancelPartialNoticeHours: row.cancelPartialNoticeHours,
    cancelPartialPercent: row.cancelPartialPercent,
    rescheduleNoticeHours: row.rescheduleNoticeHours,
    rescheduleMaxMoves: row.rescheduleMaxMoves,
    dutyPhone: row.dutyPhone,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What the audit trail keeps of the settings: the values, not the bookkeeping. */
const audited = ({ id: _id, updatedAt: _at, updatedBy: _by, ...values }: PlatformSettings) => values;

export async function getAdminSettings(db: Executor): Promise<AdminSettingsDto> {
  return toAdminSettings(await getSettings(db));
}

async function changeSettings(tx: Executor, ctx: ConsoleActionContext, change: (before: PlatformSettings) => SettingsChange) {
  const before = await lockSettings(tx);
  const after = await updateSettings(tx, change(before), ctx.actor.profileId, ctx.now);
  await recordAudit(tx, {
    actor: ctx.actor,
    action: 'settings.update',
    recordType: 'settings',
    recordId: '1',
    before: audited(before),
    after: audited(after),
  });
  return { before, after };
}

export async function saveSettings(ctx: ConsoleActionContext, values: SettingsValues): Promise<AdminSettingsDto> {
  const { platformCommissionPercent, dutyPhone, ...rest } = values;
  // Values left out (undefined) stay as they are; an emptied duty phone is none.
  const given = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)) as SettingsChange;
  if (dutyPhone !== undefined) given.dutyPhone = dutyPhone === '' ? null : dutyPhone;
  const { after } = await ctx.db.transaction((tx) =>
    changeSettings(tx, ctx, (before) => {
      const first = given.reminderFirstLeadHours ?? before.reminderFirstLeadHours;
      const second = given.reminderSecondLeadHours ?? before.reminderSecondLeadHours;
      if (second >= first) {
        throw AppError.validation({ reminderSecondLeadHours: 'The second reminder must come after the first: give it fewer hours before the shift.' });
      }
      const policy = cancellationSettingsRefusal(before, given);
      if (policy) throw AppError.validation({ [policy.field]: policy.message });
      return { ...given, platformCommissionBasisPoints: percentToBasisPoints(platformCommissionPercent) };
    }),
  );
  return toAdminSettings(after);
}

/**
 * Stores the new logo and points the settings at it in one transaction; the old logo's record goes
 * in the same transaction and its bytes after the commit.
 */
export async function replaceLogo(deps: FileDeps, ctx: ConsoleActionContext, upload: ReceivedUpload): Promise<AdminSettingsDto> {
  const { linked } = await saveUploadedFile(deps, upload, { bucket: 'branding', ownerProfileId: null }, async (tx, file) => {
    const { before, after } = await changeSettings(tx, ctx, () => ({ logoFileId: file.id }));
    return { after, oldKey: before.logoFileId ? await forgetStoredFile(tx, before.logoFileId) : null };
  });
  if (linked.oldKey) await removeStoredBytes(deps, [linked.oldKey]);
  return toAdminSettings(linked.after);
}

/** Removing a logo that is not there changes nothing and records nothing. */
export async function removeLogo(deps: FileDeps, ctx: ConsoleActionContext): Promise<AdminSettingsDto> {
  const { after, oldKey } = await ctx.db.transaction(async (tx) => {
    const current = await lockSettings(tx);
    if (!current.logoFileId) return { after: current, oldKey: null };
    const { before, after } = await changeSettings(tx, ctx, () => ({ logoFileId: null }));
    return { after, oldKey: before.logoFileId ? await forgetStoredFile(tx, before.logoFileId) : null };
  });
  if (oldKey) await removeStoredBytes(deps, [oldKey]);
  return toAdminSettings(after);
}

export async function getSystemInfo(db: Database, dbKind: 'pglite' | 'postgres'): Promise<SystemInfoDto> {
  const database = await readDatabaseVersion(db);
  return {
    version: `v${serverPackage.version}`,
    database: { engine: dbKind === 'pglite' ? 'PGlite' : 'PostgreSQL', ...database },
  };
}
