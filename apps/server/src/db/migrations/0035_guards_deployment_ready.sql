DROP INDEX "guards_listing_rating_idx";--> statement-breakpoint
DROP INDEX "guards_listing_experience_idx";--> statement-breakpoint
DROP INDEX "guards_listing_rate_idx";--> statement-breakpoint
DROP INDEX "guards_listing_rate_desc_idx";--> statement-breakpoint
DROP INDEX "guards_listing_created_idx";--> statement-breakpoint
ALTER TABLE "guard_list_counts" ADD COLUMN "deployment_ready" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "guards" ADD COLUMN "deployment_ready" boolean GENERATED ALWAYS AS (approved and onboarding_complete and fit_for_duty) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "guards_ready_rating_idx" ON "guards" USING btree ("deployment_ready","average_rating" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "guards_ready_experience_idx" ON "guards" USING btree ("deployment_ready","experience_years" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "guards_ready_rate_idx" ON "guards" USING btree ("deployment_ready","rate_hourly","id");--> statement-breakpoint
CREATE INDEX "guards_ready_rate_desc_idx" ON "guards" USING btree ("deployment_ready","rate_hourly" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "guards_ready_created_idx" ON "guards" USING btree ("deployment_ready","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
ALTER TABLE "guard_list_counts" DROP CONSTRAINT "guard_list_counts_pkey";
--> statement-breakpoint
ALTER TABLE "guard_list_counts" ADD CONSTRAINT "guard_list_counts_pkey" PRIMARY KEY("approved","deployment_ready","specialization","availability","high_risk_certified");