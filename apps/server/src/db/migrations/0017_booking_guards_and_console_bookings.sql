CREATE TABLE "booking_guards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"guard_profile_id" uuid NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"live" boolean NOT NULL,
	"assigned_by_profile_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "bookings_unstaffed_paid_idx";--> statement-breakpoint
ALTER TABLE "booking_guards" ADD CONSTRAINT "booking_guards_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_guards" ADD CONSTRAINT "booking_guards_guard_profile_id_profiles_id_fk" FOREIGN KEY ("guard_profile_id") REFERENCES "public"."profiles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_guards" ADD CONSTRAINT "booking_guards_assigned_by_profile_id_profiles_id_fk" FOREIGN KEY ("assigned_by_profile_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_guards_booking_guard_key" ON "booking_guards" USING btree ("booking_id","guard_profile_id");--> statement-breakpoint
CREATE INDEX "booking_guards_guard_start_idx" ON "booking_guards" USING btree ("guard_profile_id","start_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "bookings_start_idx" ON "bookings" USING btree ("start_time","id");--> statement-breakpoint
CREATE INDEX "bookings_status_start_idx" ON "bookings" USING btree ("status","start_time","id");--> statement-breakpoint
CREATE INDEX "bookings_payment_start_idx" ON "bookings" USING btree ("payment_status","start_time","id");--> statement-breakpoint
CREATE INDEX "bookings_area_start_idx" ON "bookings" USING btree ("area","start_time");--> statement-breakpoint
CREATE INDEX "bookings_reference_prefix_idx" ON "bookings" USING btree ("reference" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "bookings_unstaffed_paid_idx" ON "bookings" USING btree ("start_time") WHERE ("bookings"."guard_profile_id" is null or "bookings"."team_size" > 1) and "bookings"."payment_status" = 'paid' and "bookings"."status" in ('pending', 'confirmed');
--> statement-breakpoint
ALTER TABLE "booking_guards" ADD CONSTRAINT "booking_guards_time_check" CHECK ("end_time" > "start_time");
--> statement-breakpoint
-- Every guard a booking already has, with the booking's times; live while it is pending or confirmed.
INSERT INTO "booking_guards" ("booking_id", "guard_profile_id", "start_time", "end_time", "live", "created_at")
SELECT "id", "guard_profile_id", "start_time", "end_time", "status" IN ('pending', 'confirmed'), "created_at"
FROM "bookings" WHERE "guard_profile_id" IS NOT NULL;
--> statement-breakpoint
-- One overlap rule for every guard on every booking: the guard a client books and the guards an
-- admin staffs. Two staffings (or a staffing and a client's booking) racing for one guard's time
-- cannot both succeed.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE "booking_guards" ADD CONSTRAINT "booking_guards_no_overlap"
  EXCLUDE USING gist ("guard_profile_id" WITH =, tstzrange("start_time", "end_time", '[)') WITH &&)
  WHERE ("live");
--> statement-breakpoint
-- Keeps booking_guards in step with the booking: its own guard is mirrored (a changed guard replaces
-- the old one's row), and every row's times and liveness follow the booking's.
CREATE FUNCTION "bookings_mirror_guards"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  is_live boolean := NEW."status" IN ('pending', 'confirmed');
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF OLD."guard_profile_id" IS NOT NULL AND OLD."guard_profile_id" IS DISTINCT FROM NEW."guard_profile_id" THEN
      DELETE FROM "booking_guards" WHERE "booking_id" = NEW."id" AND "guard_profile_id" = OLD."guard_profile_id";
    END IF;
    IF OLD."status" IS DISTINCT FROM NEW."status" OR OLD."start_time" IS DISTINCT FROM NEW."start_time" OR OLD."end_time" IS DISTINCT FROM NEW."end_time" THEN
      UPDATE "booking_guards" SET "live" = is_live, "start_time" = NEW."start_time", "end_time" = NEW."end_time"
      WHERE "booking_id" = NEW."id" AND ("live", "start_time", "end_time") IS DISTINCT FROM (is_live, NEW."start_time", NEW."end_time");
    END IF;
  END IF;
  IF NEW."guard_profile_id" IS NOT NULL AND (TG_OP = 'INSERT' OR OLD."guard_profile_id" IS DISTINCT FROM NEW."guard_profile_id") THEN
    INSERT INTO "booking_guards" ("booking_id", "guard_profile_id", "start_time", "end_time", "live")
    VALUES (NEW."id", NEW."guard_profile_id", NEW."start_time", NEW."end_time", is_live)
    ON CONFLICT ("booking_id", "guard_profile_id") DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "bookings_mirror_guards" AFTER INSERT OR UPDATE OF "guard_profile_id", "status", "start_time", "end_time" ON "bookings"
  FOR EACH ROW EXECUTE FUNCTION "bookings_mirror_guards"();
