-- A client keeps at most one unpaid hold longer than a day (UNPAID_LONG_HOLDS_MAX in packages/shared,
-- decision 031), besides the 3 holds of migration 0010: one unpaid 31-day booking keeps a guard's
-- month from everyone until its hold ends, so a client may not keep several such guards. Long is
-- what the server's rule says (holdMinutesFor in booking-rules.ts): more than 24 hours from the
-- start to the end, the time the overlap constraint keeps from other clients.
-- The 3-cap is migration 0027's, word for word (its count answered by bookings_client_pending_idx);
-- the long-hold check follows it under the same lock on the client's profile, so parallel requests
-- of one client cannot each find no other long hold. Its query has the same predicate, so the same
-- index answers it, and reads at most the client's few live holds.
CREATE OR REPLACE FUNCTION "bookings_cap_unpaid_holds"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."status" <> 'pending' OR NEW."payment_status" = 'paid' OR NEW."hold_expires_at" IS NULL OR NEW."hold_expires_at" <= now() THEN
    RETURN NEW;
  END IF;
  PERFORM 1 FROM "profiles" WHERE "id" = NEW."client_profile_id" FOR NO KEY UPDATE;
  IF (SELECT count(*) FROM "bookings"
      WHERE "client_profile_id" = NEW."client_profile_id" AND ("status" = 'pending') IS TRUE AND "payment_status" <> 'paid'
        AND "hold_expires_at" > now()) >= 3 THEN
    RAISE EXCEPTION 'client % already holds 3 unpaid bookings', NEW."client_profile_id"
      USING ERRCODE = 'check_violation', CONSTRAINT = 'bookings_client_unpaid_holds', TABLE = 'bookings';
  END IF;
  IF NEW."end_time" - NEW."start_time" > interval '24 hours' AND EXISTS (SELECT 1 FROM "bookings"
      WHERE "client_profile_id" = NEW."client_profile_id" AND ("status" = 'pending') IS TRUE AND "payment_status" <> 'paid'
        AND "hold_expires_at" > now() AND "end_time" - "start_time" > interval '24 hours') THEN
    RAISE EXCEPTION 'client % already holds an unpaid booking longer than a day', NEW."client_profile_id"
      USING ERRCODE = 'check_violation', CONSTRAINT = 'bookings_client_unpaid_long_hold', TABLE = 'bookings';
  END IF;
  RETURN NEW;
END
$$;
