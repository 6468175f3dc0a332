ALTER TABLE "bookings" ADD COLUMN "cancelled_by" text;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "cancel_full_notice_hours" integer DEFAULT 48 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "cancel_full_percent" integer DEFAULT 95 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "cancel_partial_notice_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "cancel_partial_percent" integer DEFAULT 50 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_cancelled_by_check" CHECK ("bookings"."cancelled_by" is null or "bookings"."cancelled_by" in ('client', 'admin', 'system'));--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_cancellation_check" CHECK ("settings"."cancel_full_notice_hours" between 1 and 720 and "settings"."cancel_partial_notice_hours" between 0 and 720 and "settings"."cancel_partial_notice_hours" < "settings"."cancel_full_notice_hours"
        and "settings"."cancel_full_percent" between 0 and 100 and "settings"."cancel_partial_percent" between 0 and "settings"."cancel_full_percent");--> statement-breakpoint
-- Who cancelled the bookings cancelled before this column, read from their reasons.
UPDATE "bookings" SET "cancelled_by" = CASE
  WHEN "cancelled_reason" = 'Cancelled by the client before paying' THEN 'client'
  WHEN "cancelled_reason" IN ('Cancelled by the OPS office', 'Cancelled by OPS Security', 'The client account was blocked') THEN 'admin'
  ELSE 'system' END
WHERE "status" = 'cancelled';
