CREATE INDEX "guards_created_idx" ON "guards" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "guards_onboarding_idx" ON "guards" USING btree ("onboarding_complete","fit_for_duty") WHERE "guards"."approved";--> statement-breakpoint
CREATE INDEX "bookings_completed_created_idx" ON "bookings" USING btree ("created_at","price") WHERE "bookings"."status" = 'completed';