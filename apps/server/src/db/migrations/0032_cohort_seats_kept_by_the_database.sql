-- A cohort's enrolled_count is its number of enrolments that hold a seat (every status but
-- 'cancelled' and 'rejected'), kept by the database: whatever writes an enrolment (the enrolment
-- lifecycle, the demo data, a migration, an account's deletion) or a cohort (the console, the partner's
-- audit), the figure the console, the course page and the partner portal show is recounted in the same
-- statement. The demo data once stored figures of its own (9 of 20 for a cohort holding 1 enrolment).
-- The capacity check (cohorts_capacity_check) stands behind it: the enrolment that would pass the
-- capacity fails its statement, whatever the race (the cohort's row is written under its row lock,
-- and the recount runs after any writer before it has committed).
CREATE FUNCTION "cohorts_recount_seats"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A query of its own (not the statement's snapshot): under READ COMMITTED it sees every writer
  -- that committed while this one waited for the cohort's row.
  SELECT count(*)::integer INTO NEW."enrolled_count" FROM "enrollments"
  WHERE "cohort_id" = NEW."id" AND "status" NOT IN ('cancelled', 'rejected');
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "cohorts_recount_seats" BEFORE INSERT OR UPDATE ON "cohorts"
  FOR EACH ROW EXECUTE FUNCTION "cohorts_recount_seats"();
--> statement-breakpoint
CREATE FUNCTION "enrollments_recount_cohort_seats"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN
    UPDATE "cohorts" SET "enrolled_count" = "enrolled_count" WHERE "id" = NEW."cohort_id";
  END IF;
  IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND OLD."cohort_id" IS DISTINCT FROM NEW."cohort_id") THEN
    UPDATE "cohorts" SET "enrolled_count" = "enrolled_count" WHERE "id" = OLD."cohort_id";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "enrollments_recount_cohort_seats_on_insert_delete" AFTER INSERT OR DELETE ON "enrollments"
  FOR EACH ROW EXECUTE FUNCTION "enrollments_recount_cohort_seats"();
--> statement-breakpoint
CREATE TRIGGER "enrollments_recount_cohort_seats_on_update" AFTER UPDATE OF "status", "cohort_id" ON "enrollments"
  FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."cohort_id" IS DISTINCT FROM NEW."cohort_id")
  EXECUTE FUNCTION "enrollments_recount_cohort_seats"();
--> statement-breakpoint
-- Every cohort recounted now. A cohort holding more seat-holding enrolments than its capacity (none
-- should) has its capacity raised to them, rather than the start-up failing on the check.
UPDATE "cohorts" SET "capacity" = greatest("capacity", (
  SELECT count(*)::integer FROM "enrollments" e WHERE e."cohort_id" = "cohorts"."id" AND e."status" NOT IN ('cancelled', 'rejected')
));
