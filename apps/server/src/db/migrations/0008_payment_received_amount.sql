ALTER TABLE "payments" DROP CONSTRAINT "payments_refund_check";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "received_amount" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_received_check" CHECK ("payments"."received_amount" is null or "payments"."received_amount" >= 0);--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refund_check" CHECK ("payments"."refunded_amount" is null or "payments"."refunded_amount" between 0 and coalesce("payments"."received_amount", "payments"."amount"));