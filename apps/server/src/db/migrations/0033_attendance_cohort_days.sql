-- A mark of attendance is for a day of its enrolment's cohort, from its start to its end. The
-- console checks it first and says which days are allowed; this is the backstop for every other
-- writer. A day still to come is refused by the console only: a constraint does not read the clock.
-- Marks recorded before this migration are left as they are.
CREATE FUNCTION "attendance_within_cohort_days"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM "enrollments" e JOIN "cohorts" c ON c."id" = e."cohort_id"
    WHERE e."id" = NEW."enrollment_id" AND NEW."session_date" BETWEEN c."start_date" AND c."end_date"
  ) THEN
    RAISE EXCEPTION 'attendance on % is outside the days of its cohort', NEW."session_date"
      USING ERRCODE = 'check_violation', CONSTRAINT = 'attendance_cohort_days_check';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "attendance_cohort_days" BEFORE INSERT OR UPDATE OF "enrollment_id", "session_date" ON "attendance"
  FOR EACH ROW EXECUTE FUNCTION "attendance_within_cohort_days"();
