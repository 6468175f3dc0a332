-- The list's counts are kept per Deployment Ready too (clients see only such guards), so the trigger
-- keys each guard by it and fires when either of the last two onboarding stages changes.
CREATE OR REPLACE FUNCTION "guard_list_counts_track"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "guard_list_counts" SET "guard_count" = "guard_count" - 1
    WHERE "approved" = OLD."approved" AND "deployment_ready" = OLD."deployment_ready"
      AND "specialization" = coalesce(OLD."specialization", '')
      AND "availability" = OLD."availability" AND "high_risk_certified" = OLD."high_risk_certified";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "guard_list_counts" ("approved", "deployment_ready", "specialization", "availability", "high_risk_certified", "guard_count")
    VALUES (NEW."approved", NEW."deployment_ready", coalesce(NEW."specialization", ''), NEW."availability", NEW."high_risk_certified", 1)
    ON CONFLICT ("approved", "deployment_ready", "specialization", "availability", "high_risk_certified")
    DO UPDATE SET "guard_count" = "guard_list_counts"."guard_count" + 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER "guards_list_counts" ON "guards";
--> statement-breakpoint
CREATE TRIGGER "guards_list_counts" AFTER INSERT OR DELETE OR UPDATE OF "approved", "onboarding_complete", "fit_for_duty", "specialization", "availability", "high_risk_certified"
  ON "guards" FOR EACH ROW EXECUTE FUNCTION "guard_list_counts_track"();
--> statement-breakpoint
DELETE FROM "guard_list_counts";
--> statement-breakpoint
INSERT INTO "guard_list_counts" ("approved", "deployment_ready", "specialization", "availability", "high_risk_certified", "guard_count")
SELECT "approved", "deployment_ready", coalesce("specialization", ''), "availability", "high_risk_certified", count(*)::int
FROM "guards" GROUP BY 1, 2, 3, 4, 5;
