CREATE TABLE "guard_list_counts" (
	"approved" boolean NOT NULL,
	"specialization" text NOT NULL,
	"availability" boolean NOT NULL,
	"high_risk_certified" boolean NOT NULL,
	"guard_count" integer NOT NULL,
	CONSTRAINT "guard_list_counts_pkey" PRIMARY KEY("approved","specialization","availability","high_risk_certified"),
	CONSTRAINT "guard_list_counts_count_check" CHECK ("guard_list_counts"."guard_count" >= 0)
);
--> statement-breakpoint
-- Every change to a guard's filterable columns moves one guard from one combination's count to
-- another's, in the same transaction as the change, so the counts are never off.
CREATE FUNCTION "guard_list_counts_track"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "guard_list_counts" SET "guard_count" = "guard_count" - 1
    WHERE "approved" = OLD."approved" AND "specialization" = coalesce(OLD."specialization", '')
      AND "availability" = OLD."availability" AND "high_risk_certified" = OLD."high_risk_certified";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "guard_list_counts" VALUES (NEW."approved", coalesce(NEW."specialization", ''), NEW."availability", NEW."high_risk_certified", 1)
    ON CONFLICT ("approved", "specialization", "availability", "high_risk_certified")
    DO UPDATE SET "guard_count" = "guard_list_counts"."guard_count" + 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "guards_list_counts" AFTER INSERT OR DELETE OR UPDATE OF "approved", "specialization", "availability", "high_risk_certified"
  ON "guards" FOR EACH ROW EXECUTE FUNCTION "guard_list_counts_track"();
--> statement-breakpoint
CREATE FUNCTION "guard_list_counts_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "guard_list_counts";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "guards_list_counts_truncate" AFTER TRUNCATE ON "guards" FOR EACH STATEMENT EXECUTE FUNCTION "guard_list_counts_clear"();
--> statement-breakpoint
INSERT INTO "guard_list_counts"
SELECT "approved", coalesce("specialization", ''), "availability", "high_risk_certified", count(*)::int
FROM "guards" GROUP BY 1, 2, 3, 4;
