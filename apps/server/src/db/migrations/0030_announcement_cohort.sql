ALTER TABLE "cohorts" ADD CONSTRAINT "cohorts_id_course_key" UNIQUE("id","course_id");--> statement-breakpoint
ALTER TABLE "course_announcements" ADD COLUMN "cohort_id" uuid;--> statement-breakpoint
ALTER TABLE "course_announcements" ADD CONSTRAINT "course_announcements_cohort_course_fkey" FOREIGN KEY ("cohort_id","course_id") REFERENCES "public"."cohorts"("id","course_id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "course_announcements_cohort_id_idx" ON "course_announcements" USING btree ("cohort_id");