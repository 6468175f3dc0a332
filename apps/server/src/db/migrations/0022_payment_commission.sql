DROP INDEX "payments_paid_at_idx";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "commission_amount" integer;--> statement-breakpoint
-- Payments that confirmed their booking carry its commission from now on; earlier ones take it from the booking.
UPDATE "payments" p SET "commission_amount" = b."commission_amount"
  FROM "bookings" b
  WHERE b."id" = p."booking_id" AND p."status" = 'paid' AND b."payment_status" = 'paid' AND b."commission_amount" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "payments_paid_at_idx" ON "payments" USING btree ("paid_at","amount","received_amount","status","commission_amount") WHERE "payments"."paid_at" is not null;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_commission_check" CHECK ("payments"."commission_amount" is null or "payments"."commission_amount" >= 0);