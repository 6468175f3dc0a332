-- Writers of one guard's time take turns. Two transactions inserting overlapping live rows for one
-- guard each find the other's uncommitted entry in the exclusion index and wait for it: a deadlock,
-- which PostgreSQL breaks only after deadlock_timeout (a second), so a hundred clients pressing
-- 'Book' for one guard took over a minute. Taking a transaction-scoped advisory lock on the guard
-- before the row reaches the index makes the second writer wait for the first to commit and then
-- meet its committed row: an immediate, plain overlap refusal. The exclusion constraints stay the
-- rule; this only orders the writers. Key: (7421, hash of the guard's id); the two-number form keeps
-- it apart from single-number advisory locks (pg-boss takes those).
-- Both tables name the guard in "guard_profile_id".
CREATE FUNCTION "lock_guard_time"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(7421, hashtext(NEW."guard_profile_id"::text));
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "bookings_lock_guard_time" BEFORE INSERT OR UPDATE OF "guard_profile_id", "status", "start_time", "end_time" ON "bookings"
  FOR EACH ROW WHEN (NEW."guard_profile_id" IS NOT NULL AND NEW."status" IN ('pending', 'confirmed'))
  EXECUTE FUNCTION "lock_guard_time"();
--> statement-breakpoint
CREATE TRIGGER "booking_guards_lock_guard_time" BEFORE INSERT OR UPDATE OF "guard_profile_id", "live", "start_time", "end_time" ON "booking_guards"
  FOR EACH ROW WHEN (NEW."live")
  EXECUTE FUNCTION "lock_guard_time"();
