import { and, eq, isNull } from 'drizzle-orm';
import type { AppDeps } from '../../lib/context.ts';
import { issueCertificate } from '../../modules/certificates/certificate-issuing.service.ts';
import { enrollments } from '../schema/academy-enrollments.ts';
import { certificates } from '../schema/certificates.ts';
import { users } from '../schema/auth.ts';
import { profiles } from '../schema/profiles.ts';
import { CERTIFIED_DEMO_GUARD_INDEX } from './demo-academy.ts';
import { DEMO_ACCOUNTS, guardEmail } from './demo-people.ts';

async function profileIdOf(deps: Pick<AppDeps, 'db'>, email: string): Promise<string | undefined> {
  const [row] = await deps.db.select({ id: profiles.id }).from(profiles).innerJoin(users, eq(users.id, profiles.userId)).where(eq(users.email, email));
  return row?.id;
}

/**
 * The demo's issued certificate: the demo guard's Basic Security, issued by the demo admin through
 * the same service as the console (a real PDF, signed credential and e-mail), so the guard list
 * shows an 'Academy Certified' badge and the verify page has something to verify. It needs the
 * file store and the signing key, which the seed's transaction does not have; it runs after start-up
 * and does nothing once that enrolment has a certificate (a revoked one included) or is gone.
 */
export async function issueDemoCertificates(deps: AppDeps): Promise<number> {
  const guard = await profileIdOf(deps, guardEmail(CERTIFIED_DEMO_GUARD_INDEX + 1));
  const admin = await profileIdOf(deps, DEMO_ACCOUNTS.admin.email);
  if (!guard || !admin) return 0;
  const waiting = await deps.db
    .select({ id: enrollments.id })
    .from(enrollments)
    .leftJoin(certificates, eq(certificates.enrollmentId, enrollments.id))
    .where(
      and(eq(enrollments.profileId, guard), eq(enrollments.courseId, 'basic-security'), eq(enrollments.status, 'completed'), isNull(certificates.id)),
    );
  let issued = 0;
  for (const { id } of waiting) {
    const result = await issueCertificate(deps, { enrollmentId: id, actor: { profileId: admin, clientIp: null } });
    if (result.created) issued += 1;
  }
  return issued;
}
