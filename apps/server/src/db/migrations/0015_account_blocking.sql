ALTER TABLE "profiles" ADD COLUMN "blocked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "blocked_reason" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "blocked_by_profile_id" uuid;--> statement-breakpoint
CREATE INDEX "profiles_blocked_idx" ON "profiles" USING btree ("blocked_at") WHERE "profiles"."blocked_at" is not null;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_blocked_check" CHECK (("profiles"."blocked_at" is null) = ("profiles"."blocked_reason" is null));