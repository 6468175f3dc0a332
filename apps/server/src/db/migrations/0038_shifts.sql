-- The shift itself (decision 029): attendance, the notices the shift watch sends once, incidents,
-- and each booking's site code. The code is six characters from an alphabet without look-alikes,
-- drawn from gen_random_uuid()'s random bytes (each existing booking gets its own).
CREATE FUNCTION ops_site_code() RETURNS text LANGUAGE sql VOLATILE AS $$
  SELECT string_agg(substr('ABCDEFGHJKMNPQRSTUVWXYZ23456789', 1 + get_byte(b, i) % 31, 1), '' ORDER BY i)
  FROM (SELECT uuid_send(gen_random_uuid()) AS b) AS r, generate_series(0, 5) AS i
$$;
--> statement-breakpoint
CREATE TABLE "incident_photos" (
	"incident_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "incident_photos_pkey" PRIMARY KEY("incident_id","position"),
	CONSTRAINT "incident_photos_position_check" CHECK ("incident_photos"."position" between 1 and 3)
);
--> statement-breakpoint
CREATE TABLE "incidents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"guard_profile_id" uuid NOT NULL,
	"shift_index" integer NOT NULL,
	"type" text NOT NULL,
	"severity" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"description" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "incidents_type_check" CHECK ("incidents"."type" in ('intrusion', 'theft', 'suspicious_activity', 'property_damage', 'fire', 'medical', 'access_refused', 'other')),
	CONSTRAINT "incidents_severity_check" CHECK ("incidents"."severity" in ('low', 'medium', 'high')),
	CONSTRAINT "incidents_description_check" CHECK (char_length("incidents"."description") between 1 and 2000)
);
--> statement-breakpoint
CREATE TABLE "shift_checks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"guard_profile_id" uuid NOT NULL,
	"shift_index" integer NOT NULL,
	"checked_in_at" timestamp with time zone NOT NULL,
	"in_latitude" double precision,
	"in_longitude" double precision,
	"in_accuracy_m" double precision,
	"verified_by" text,
	"checked_out_at" timestamp with time zone,
	"out_latitude" double precision,
	"out_longitude" double precision,
	"out_accuracy_m" double precision,
	CONSTRAINT "shift_checks_shift_index_check" CHECK ("shift_checks"."shift_index" >= 0),
	CONSTRAINT "shift_checks_verified_by_check" CHECK ("shift_checks"."verified_by" is null or "shift_checks"."verified_by" in ('code', 'position')),
	CONSTRAINT "shift_checks_out_after_in_check" CHECK ("shift_checks"."checked_out_at" is null or "shift_checks"."checked_out_at" >= "shift_checks"."checked_in_at"),
	CONSTRAINT "shift_checks_position_check" CHECK (("shift_checks"."in_latitude" is null or "shift_checks"."in_latitude" between -90 and 90) and ("shift_checks"."in_longitude" is null or "shift_checks"."in_longitude" between -180 and 180)
        and ("shift_checks"."out_latitude" is null or "shift_checks"."out_latitude" between -90 and 90) and ("shift_checks"."out_longitude" is null or "shift_checks"."out_longitude" between -180 and 180)
        and coalesce("shift_checks"."in_accuracy_m", 0) >= 0 and coalesce("shift_checks"."out_accuracy_m", 0) >= 0)
);
--> statement-breakpoint
CREATE TABLE "shift_notices" (
	"booking_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"shift_index" integer NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shift_notices_pkey" PRIMARY KEY("booking_id","kind","subject","shift_index","start_time")
);
--> statement-breakpoint
ALTER TABLE "stored_files" DROP CONSTRAINT "stored_files_bucket_check";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type_check";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "completion_kind" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "site_code" text DEFAULT ops_site_code() NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "site_latitude" double precision;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "site_longitude" double precision;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "reminder_first_lead_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "reminder_second_lead_hours" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "check_in_opens_minutes" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "site_radius_meters" integer DEFAULT 200 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "late_grace_minutes" integer DEFAULT 15 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "completion_grace_minutes" integer DEFAULT 120 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "duty_phone" text;--> statement-breakpoint
ALTER TABLE "incident_photos" ADD CONSTRAINT "incident_photos_incident_id_incidents_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incidents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_photos" ADD CONSTRAINT "incident_photos_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_guard_profile_id_profiles_id_fk" FOREIGN KEY ("guard_profile_id") REFERENCES "public"."profiles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_checks" ADD CONSTRAINT "shift_checks_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_checks" ADD CONSTRAINT "shift_checks_guard_profile_id_profiles_id_fk" FOREIGN KEY ("guard_profile_id") REFERENCES "public"."profiles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_notices" ADD CONSTRAINT "shift_notices_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "incident_photos_file_key" ON "incident_photos" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "incidents_booking_idx" ON "incidents" USING btree ("booking_id","occurred_at");--> statement-breakpoint
CREATE INDEX "incidents_created_idx" ON "incidents" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "shift_checks_booking_guard_shift_key" ON "shift_checks" USING btree ("booking_id","guard_profile_id","shift_index");--> statement-breakpoint
CREATE INDEX "shift_checks_guard_in_idx" ON "shift_checks" USING btree ("guard_profile_id","checked_in_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "shift_checks_unverified_idx" ON "shift_checks" USING btree ("checked_in_at") WHERE "shift_checks"."verified_by" is null;--> statement-breakpoint
CREATE INDEX "bookings_shift_end_idx" ON "bookings" USING btree ("end_time","start_time") WHERE "bookings"."status" in ('confirmed', 'completed');--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_bucket_check" CHECK ("stored_files"."bucket" in ('course-materials', 'student-assessments', 'instructor-cvs', 'facilities-photos', 'guard-documents', 'certificates', 'branding', 'incident-photos'));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_completion_kind_check" CHECK ("bookings"."completion_kind" is null or "bookings"."completion_kind" in ('checked_out', 'no_check_out', 'admin'));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_site_pin_check" CHECK (("bookings"."site_latitude" is null) = ("bookings"."site_longitude" is null) and coalesce("bookings"."site_latitude" between -90 and 90, true) and coalesce("bookings"."site_longitude" between -180 and 180, true));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_check" CHECK ("notifications"."type" in ('system', 'booking', 'booking_confirmed', 'approval', 'payment', 'security', 'rejection', 'shift'));--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_shift_check" CHECK ("settings"."reminder_first_lead_hours" between 2 and 72 and "settings"."reminder_second_lead_hours" between 1 and 12 and "settings"."reminder_second_lead_hours" < "settings"."reminder_first_lead_hours"
        and "settings"."check_in_opens_minutes" between 0 and 180 and "settings"."site_radius_meters" between 50 and 2000
        and "settings"."late_grace_minutes" between 5 and 120 and "settings"."completion_grace_minutes" between 60 and 1440);