ALTER TABLE "stored_files" DROP CONSTRAINT "stored_files_bucket_check";--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "logo_file_id" uuid;--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_logo_file_id_stored_files_id_fk" FOREIGN KEY ("logo_file_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_bucket_check" CHECK ("stored_files"."bucket" in ('course-materials', 'student-assessments', 'instructor-cvs', 'facilities-photos', 'guard-documents', 'certificates', 'branding'));--> statement-breakpoint
ALTER TABLE "settings" DROP COLUMN "logo_url";--> statement-breakpoint
ALTER TABLE "settings" ALTER COLUMN "primary_color" SET DEFAULT '#0F1E36';--> statement-breakpoint
UPDATE "settings" SET "primary_color" = '#0F1E36' WHERE "primary_color" = '#007BFF';