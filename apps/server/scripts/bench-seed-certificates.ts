/** The bench seed's issued certificates, for the public verification load. */
import { newCertificateRef } from '../src/modules/certificates/certificate-ref.ts';
import type { Raw } from './bench-seed-database.ts';

// Certificates: each for an enrolment of its own (a completed, paid one). Certificate i goes to guard
// 2i while i ≤ min(N/5, G/2), else to client 1 + i mod C in cohort 1 + i div C, so no one is enrolled
// twice in a cohort. One in ten has expired, one in fifty is revoked; references are real ones.
// Returns the references, in the order of their certificates.
export async function seedCertificates(
  raw: Raw,
  step: (label: string, text: string) => Promise<void>,
  { guards: G, clients: C, certificates: N }: { guards: number; clients: number; certificates: number },
): Promise<string[]> {
  const certificateRefs = Array.from({ length: N }, () => newCertificateRef());
  if (N > 0) {
    const guardCerts = Math.min(Math.floor(N / 5), Math.floor(G / 2));
    const cohortCount = Math.ceil(N / C) + 1;
    await raw(`insert into courses (id, title, tagline, description, duration_weeks, price, level, accreditation, category, max_students, validity_years)
               values ('bench-cpo', 'Bench Protection Officer', 'Tagline', 'Protecting people and property.', 6, 45000, 'Advanced', 'EBSSA', 'Security', 15, 3)
               on conflict do nothing`);
    await step(
      'cohorts',
      `insert into cohorts (id, course_id, start_date, end_date, capacity, enrolled_count, status)
       select ('00000000-0000-4000-8000-' || lpad(k::text, 12, '0'))::uuid, 'bench-cpo', current_date - 400, current_date - 360, ${N + 1}, 0, 'completed'
       from generate_series(1, ${cohortCount}) k`,
    );
    await step(
      'enrollments of certificates',
      `insert into enrollments (id, profile_id, course_id, cohort_id, course_price, payment_method, status, payment_status)
       select ('00000000-0000-4000-9000-' || lpad(i::text, 12, '0'))::uuid, p.id, 'bench-cpo',
              ('00000000-0000-4000-8000-' || lpad((case when i <= ${guardCerts} then 1 else 1 + i / ${C} end)::text, 12, '0'))::uuid,
              45000, 'intasend', 'completed', 'paid'
       from generate_series(1, ${N}) i
       join profiles p on p.user_id = case when i <= ${guardCerts} then 'bg-' || (2 * i) else 'bc-' || (1 + i % ${C}) end`,
    );
    const t0 = performance.now();
    await raw(
      `insert into certificates (enrollment_id, profile_id, certificate_ref, student_name, course_name, issue_date, expires_on, revoked_at, revoked_reason)
       select e.id, e.profile_id, r.ref, p.full_name, 'Bench Protection Officer', current_date - 360,
              case when r.i % 10 = 1 then current_date - 1 - (r.i % 30)::int else current_date - 360 + 1094 end,
              case when r.i % 50 = 7 then now() - interval '3 days' end, case when r.i % 50 = 7 then 'Issued in error' end
       from unnest($1::text[]) with ordinality as r(ref, i)
       join enrollments e on e.id = ('00000000-0000-4000-9000-' || lpad(r.i::text, 12, '0'))::uuid
       join profiles p on p.id = e.profile_id`,
      [certificateRefs],
    );
    console.log(`  certificates (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
  }
  return certificateRefs;
}
