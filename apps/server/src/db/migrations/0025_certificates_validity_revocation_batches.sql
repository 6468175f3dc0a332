CREATE TABLE "certificate_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cohort_id" uuid NOT NULL,
	"requested_by" uuid,
	"status" text DEFAULT 'queued' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"issued" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "certificate_batches_status_check" CHECK ("certificate_batches"."status" in ('queued', 'running', 'done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "stored_files" ADD COLUMN "cohort_id" uuid;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "profile_id" uuid;--> statement-breakpoint
UPDATE "certificates" SET "profile_id" = "enrollments"."profile_id" FROM "enrollments" WHERE "enrollments"."id" = "certificates"."enrollment_id";--> statement-breakpoint
ALTER TABLE "certificates" ALTER COLUMN "profile_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "expires_on" date;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "audited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "credential_jwt" text;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "override_reason" text;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "revoked_reason" text;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "revoked_by" uuid;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "validity_years" integer;--> statement-breakpoint
UPDATE "courses" SET "validity_years" = CASE "id" WHEN 'basic-security' THEN 2 WHEN 'cpo' THEN 3 WHEN 'executive-protection' THEN 3 END WHERE "id" IN ('basic-security', 'cpo', 'executive-protection');--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "certificate_attendance_percent" integer DEFAULT 80 NOT NULL;--> statement-breakpoint
ALTER TABLE "certificate_batches" ADD CONSTRAINT "certificate_batches_cohort_id_cohorts_id_fk" FOREIGN KEY ("cohort_id") REFERENCES "public"."cohorts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate_batches" ADD CONSTRAINT "certificate_batches_requested_by_profiles_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "certificate_batches_cohort_created_idx" ON "certificate_batches" USING btree ("cohort_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "certificate_batches_requested_by_idx" ON "certificate_batches" USING btree ("requested_by");--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_revoked_by_profiles_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stored_files_cohort_idx" ON "stored_files" USING btree ("cohort_id","bucket") WHERE "stored_files"."cohort_id" is not null;--> statement-breakpoint
CREATE INDEX "certificates_profile_valid_idx" ON "certificates" USING btree ("profile_id","expires_on") WHERE "certificates"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "certificates_revoked_by_idx" ON "certificates" USING btree ("revoked_by");--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_revoked_check" CHECK (("certificates"."revoked_at" is null) = ("certificates"."revoked_reason" is null));--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_expiry_check" CHECK ("certificates"."expires_on" is null or "certificates"."expires_on" >= "certificates"."issue_date");--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_validity_check" CHECK ("courses"."validity_years" is null or "courses"."validity_years" between 1 and 20);--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_attendance_check" CHECK ("settings"."certificate_attendance_percent" between 0 and 100);