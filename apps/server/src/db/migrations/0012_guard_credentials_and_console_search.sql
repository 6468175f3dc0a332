CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "credential_reminders" (
	"guard_profile_id" uuid NOT NULL,
	"credential" text NOT NULL,
	"expires_on" date NOT NULL,
	"days_before" smallint NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credential_reminders_pkey" PRIMARY KEY("guard_profile_id","credential","expires_on","days_before"),
	CONSTRAINT "credential_reminders_credential_check" CHECK ("credential_reminders"."credential" in ('psra_licence', 'police_clearance'))
);
--> statement-breakpoint
ALTER TABLE "guards" ADD COLUMN "psra_licence_number" text;--> statement-breakpoint
ALTER TABLE "guards" ADD COLUMN "psra_licence_expires_on" date;--> statement-breakpoint
ALTER TABLE "guards" ADD COLUMN "psra_licence_file_id" uuid;--> statement-breakpoint
ALTER TABLE "guards" ADD COLUMN "police_clearance_issued_on" date;--> statement-breakpoint
ALTER TABLE "guards" ADD COLUMN "police_clearance_expires_on" date;--> statement-breakpoint
ALTER TABLE "guards" ADD COLUMN "credentials_valid_until" date GENERATED ALWAYS AS (case when psra_licence_number is not null and psra_licence_expires_on is not null and police_clearance_issued_on is not null and police_clearance_expires_on is not null then least(psra_licence_expires_on, police_clearance_expires_on) end) STORED;--> statement-breakpoint
ALTER TABLE "credential_reminders" ADD CONSTRAINT "credential_reminders_guard_profile_id_profiles_id_fk" FOREIGN KEY ("guard_profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guards" ADD CONSTRAINT "guards_psra_licence_file_id_stored_files_id_fk" FOREIGN KEY ("psra_licence_file_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "profiles_full_name_trgm_idx" ON "profiles" USING gin ("full_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "profiles_phone_trgm_idx" ON "profiles" USING gin ("phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "profiles_role_created_idx" ON "profiles" USING btree ("role","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "guards_psra_licence_file_id_idx" ON "guards" USING btree ("psra_licence_file_id");--> statement-breakpoint
CREATE INDEX "guards_credentials_valid_until_idx" ON "guards" USING btree ("credentials_valid_until");--> statement-breakpoint
CREATE INDEX "bookings_unstaffed_paid_idx" ON "bookings" USING btree ("start_time") WHERE "bookings"."guard_profile_id" is null and "bookings"."payment_status" = 'paid' and "bookings"."status" in ('pending', 'confirmed');--> statement-breakpoint
ALTER TABLE "guards" ADD CONSTRAINT "guards_clearance_dates_check" CHECK ("guards"."police_clearance_expires_on" is null or "guards"."police_clearance_issued_on" is null or "guards"."police_clearance_expires_on" >= "guards"."police_clearance_issued_on");--> statement-breakpoint
ALTER TABLE "guards" ADD CONSTRAINT "guards_licence_number_check" CHECK ("guards"."psra_licence_number" is null or length("guards"."psra_licence_number") between 3 and 40);