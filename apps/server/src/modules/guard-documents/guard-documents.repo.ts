import { eq, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { guards } from '../../db/schema/guards.ts';

const linkColumns = {
  profileId: guards.profileId,
  cvFileId: guards.cvFileId,
  policeClearanceFileId: guards.policeClearanceFileId,
  psraLicenceFileId: guards.psraLicenceFileId,
  certificateFileIds: guards.certificateFileIds,
};

const credentialColumns = {
  psraLicenceNumber: guards.psraLicenceNumber,
  psraLicenceExpiresOn: guards.psraLicenceExpiresOn,
  policeClearanceIssuedOn: guards.policeClearanceIssuedOn,
  policeClearanceExpiresOn: guards.policeClearanceExpiresOn,
  credentialsValidUntil: guards.credentialsValidUntil,
};

export type GuardDocumentLinks = NonNullable<Awaited<ReturnType<typeof findGuardDocumentLinks>>>;
export type GuardCredentialRow = NonNullable<Awaited<ReturnType<typeof findGuardCredentials>>>;

/** The guard's document ids; `lock` holds the row until the transaction ends (one change at a time). */
export async function findGuardDocumentLinks(db: Executor, guardProfileId: string, options: { lock?: boolean } = {}) {
  const query = db.select(linkColumns).from(guards).where(eq(guards.profileId, guardProfileId));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

/** The guard whose documents include this file, with the ids of all of them. */
export async function findGuardHoldingFile(db: Executor, fileId: string) {
  const [row] = await db
    .select(linkColumns)
    .from(guards)
    .where(
      or(
        eq(guards.cvFileId, fileId),
        eq(guards.policeClearanceFileId, fileId),
        eq(guards.psraLicenceFileId, fileId),
        sql`${fileId}::uuid = any(${guards.certificateFileIds})`,
      ),
    )
    .limit(1);
  return row ?? null;
}

export type SingleDocumentColumn = 'cvFileId' | 'policeClearanceFileId' | 'psraLicenceFileId';

export async function setSingleDocument(db: Executor, guardProfileId: string, column: SingleDocumentColumn, fileId: string | null): Promise<void> {
  await db
    .update(guards)
    .set({ [column]: fileId, updatedAt: sql`now()` })
    .where(eq(guards.profileId, guardProfileId));
}

export async function setCertificateFileIds(db: Executor, guardProfileId: string, fileIds: string[]): Promise<void> {
  await db
    .update(guards)
    .set({ certificateFileIds: fileIds, updatedAt: sql`now()` })
    .where(eq(guards.profileId, guardProfileId));
}

export async function findGuardCredentials(db: Executor, guardProfileId: string) {
  const [row] = await db.select(credentialColumns).from(guards).where(eq(guards.profileId, guardProfileId));
  return row ?? null;
}

export interface GuardCredentialValues {
  psraLicenceNumber: string | null;
  psraLicenceExpiresOn: string | null;
  policeClearanceIssuedOn: string | null;
  policeClearanceExpiresOn: string | null;
}

export async function updateGuardCredentials(db: Executor, guardProfileId: string, values: GuardCredentialValues) {
  const [row] = await db
    .update(guards)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(guards.profileId, guardProfileId))
    .returning(credentialColumns);
  return row ?? null;
}
