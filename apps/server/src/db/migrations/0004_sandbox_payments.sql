CREATE TABLE "sandbox_payments" (
	"provider_ref" text PRIMARY KEY NOT NULL,
	"api_ref" text NOT NULL,
	"amount_kes" integer NOT NULL,
	"method" text NOT NULL,
	"phone" text,
	"email" text NOT NULL,
	"narrative" text NOT NULL,
	"redirect_url" text NOT NULL,
	"outcome" text DEFAULT 'pending' NOT NULL,
	"failure_reason" text,
	"payer_detail" text,
	"refunded_kes" integer DEFAULT 0 NOT NULL,
	"refunds" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "sandbox_payments_outcome_check" CHECK ("sandbox_payments"."outcome" in ('pending', 'approved', 'declined')),
	CONSTRAINT "sandbox_payments_method_check" CHECK ("sandbox_payments"."method" in ('mpesa', 'card')),
	CONSTRAINT "sandbox_payments_amount_check" CHECK ("sandbox_payments"."amount_kes" > 0),
	CONSTRAINT "sandbox_payments_refunded_check" CHECK ("sandbox_payments"."refunded_kes" between 0 and "sandbox_payments"."amount_kes"),
	CONSTRAINT "sandbox_payments_decided_check" CHECK (("sandbox_payments"."outcome" = 'pending') = ("sandbox_payments"."decided_at" is null)),
	CONSTRAINT "sandbox_payments_reason_check" CHECK ("sandbox_payments"."outcome" = 'declined' or "sandbox_payments"."failure_reason" is null),
	CONSTRAINT "sandbox_payments_refund_paid_check" CHECK ("sandbox_payments"."refunded_kes" = 0 or "sandbox_payments"."outcome" = 'approved')
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "checkout_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "checkout_signature" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_ref" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_paid_at_check" CHECK ("payments"."status" not in ('paid', 'refund_pending', 'refunded') or "payments"."paid_at" is not null);--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refund_owed_check" CHECK ("payments"."status" not in ('refund_pending', 'refunded') or "payments"."refunded_amount" is not null);