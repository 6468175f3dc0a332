ALTER TABLE "cohorts" ADD COLUMN "audit_notes" text;--> statement-breakpoint
-- An audit recorded before its cohort's first day (Nairobi) vouched for a cohort that had not run
-- yet: it is withdrawn, so the partner audits the cohort again once it has started. A certificate
-- that named such a date no longer claims the co-branding on the verify page.
UPDATE "certificates" SET "cobranded" = false, "audited_at" = NULL
FROM "enrollments" e JOIN "cohorts" co ON co."id" = e."cohort_id"
WHERE "certificates"."enrollment_id" = e."id" AND "certificates"."audited_at" IS NOT NULL
  AND ("certificates"."audited_at" at time zone 'Africa/Nairobi')::date < co."start_date";--> statement-breakpoint
UPDATE "cohorts" SET "audited" = false, "audited_by" = NULL, "audited_at" = NULL
WHERE "audited_at" IS NOT NULL AND ("audited_at" at time zone 'Africa/Nairobi')::date < "start_date";--> statement-breakpoint
ALTER TABLE "cohorts" ADD CONSTRAINT "cohorts_audit_date_check" CHECK ("cohorts"."audited_at" is null or ("cohorts"."audited_at" at time zone 'Africa/Nairobi')::date >= "cohorts"."start_date");--> statement-breakpoint
ALTER TABLE "cohorts" ADD CONSTRAINT "cohorts_audit_notes_check" CHECK ("cohorts"."audit_notes" is null or ("cohorts"."audited" and char_length("cohorts"."audit_notes") <= 1000));