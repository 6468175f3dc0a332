DROP INDEX "bookings_status_idx";--> statement-breakpoint
DROP INDEX "bookings_created_id_idx";--> statement-breakpoint
CREATE INDEX "bookings_status_idx" ON "bookings" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "bookings_created_id_idx" ON "bookings" USING btree ("created_at","id");