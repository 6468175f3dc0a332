-- A guard cannot hold two live bookings for overlapping time. Enforced here, so two clients who
-- book the same guard at the same instant cannot both succeed. Live = pending (holding its slot
-- until the hold expires, when the expiry job cancels it) or confirmed.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_guard_no_overlap"
  EXCLUDE USING gist ("guard_profile_id" WITH =, tstzrange("start_time", "end_time", '[)') WITH &&)
  WHERE ("guard_profile_id" IS NOT NULL AND "status" IN ('pending', 'confirmed'));
--> statement-breakpoint
-- The platform's one settings row, with the defaults of the specification.
INSERT INTO "settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;
