CREATE INDEX "bookings_client_pending_idx" ON "bookings" USING btree ("client_profile_id") WHERE "bookings"."status" = 'pending';--> statement-breakpoint
-- A client keeps at most 3 unpaid holds at once (UNPAID_HOLDS_MAX in packages/shared), so one
-- person cannot tie up many guards' calendars without paying. Checked in the INSERT itself, so a
-- booking stays one statement: the client's profile row is locked first, and the count that
-- follows (a statement of its own, with a fresh snapshot) sees every hold committed by an insert
-- that held the lock before, so parallel requests of one client cannot all slip under the cap.
CREATE FUNCTION "bookings_cap_unpaid_holds"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."status" <> 'pending' OR NEW."payment_status" = 'paid' OR NEW."hold_expires_at" IS NULL OR NEW."hold_expires_at" <= now() THEN
    RETURN NEW;
  END IF;
  PERFORM 1 FROM "profiles" WHERE "id" = NEW."client_profile_id" FOR NO KEY UPDATE;
  IF (SELECT count(*) FROM "bookings"
      WHERE "client_profile_id" = NEW."client_profile_id" AND "status" = 'pending' AND "payment_status" <> 'paid'
        AND "hold_expires_at" > now()) >= 3 THEN
    RAISE EXCEPTION 'client % already holds 3 unpaid bookings', NEW."client_profile_id"
      USING ERRCODE = 'check_violation', CONSTRAINT = 'bookings_client_unpaid_holds', TABLE = 'bookings';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "bookings_cap_unpaid_holds" BEFORE INSERT ON "bookings" FOR EACH ROW EXECUTE FUNCTION "bookings_cap_unpaid_holds"();
