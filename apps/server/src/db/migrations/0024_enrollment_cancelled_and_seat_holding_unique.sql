ALTER TABLE "enrollments" DROP CONSTRAINT "enrollments_status_check";--> statement-breakpoint
DROP INDEX "enrollments_profile_cohort_key";--> statement-breakpoint
CREATE UNIQUE INDEX "enrollments_profile_cohort_active_key" ON "enrollments" USING btree ("profile_id","cohort_id") WHERE "enrollments"."status" not in ('cancelled', 'rejected');--> statement-breakpoint
CREATE INDEX "enrollments_cash_deadline_idx" ON "enrollments" USING btree ("payment_deadline") WHERE "enrollments"."status" = 'pending_cash';--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_status_check" CHECK ("enrollments"."status" in ('pending', 'approved', 'rejected', 'pending_cash', 'pending_payment', 'active', 'completed', 'cancelled'));