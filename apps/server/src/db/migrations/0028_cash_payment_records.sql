ALTER TABLE "payments" DROP CONSTRAINT "payments_provider_check";--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_method_check";--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_cash_check" CHECK (("payments"."provider" = 'office') = ("payments"."method" = 'cash') and ("payments"."provider" <> 'office' or ("payments"."enrollment_id" is not null and "payments"."provider_ref" is not null)));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_provider_check" CHECK ("payments"."provider" in ('intasend', 'sandbox', 'office'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_method_check" CHECK ("payments"."method" in ('mpesa', 'card', 'cash'));--> statement-breakpoint
-- Cash course fees already recorded on their enrolments become payment records too, so the
-- console's Payments view and its period summary count them: paid when the admin recorded the
-- receipt (the audit row's time), or when the enrolment last changed. A receipt number written on
-- two enrolments keeps both, the later ones marked /2, /3.
INSERT INTO "payments" ("enrollment_id", "payer_profile_id", "provider", "method", "amount", "status", "api_ref", "provider_ref", "paid_at", "created_at", "updated_at")
SELECT e.id, e.profile_id, 'office', 'cash', e.course_price, 'paid', 'CASH-' || e.id::text,
       CASE WHEN e.rn = 1 THEN e.receipt ELSE e.receipt || '/' || e.rn END,
       e.paid_at, e.paid_at, e.paid_at
FROM (
  SELECT en.id, en.profile_id, en.course_price, r.receipt, r.paid_at,
         row_number() OVER (PARTITION BY r.receipt ORDER BY r.paid_at, en.id) AS rn
  FROM "enrollments" en
  CROSS JOIN LATERAL (
    SELECT upper(regexp_replace(coalesce(nullif(btrim(en.transaction_id), ''), 'CASH-' || en.id::text), '\s+', '', 'g')) AS receipt,
           coalesce((SELECT max(a.created_at) FROM "audit_events" a
                     WHERE a.record_type = 'enrollment' AND a.record_id = en.id::text AND a.action = 'enrollment.cash_paid'),
                    en.updated_at) AS paid_at
  ) r
  WHERE en.payment_method = 'cash' AND en.payment_status = 'paid' AND en.course_price > 0
    AND NOT EXISTS (SELECT 1 FROM "payments" p WHERE p.enrollment_id = en.id AND p.status IN ('paid', 'refund_pending', 'refunded'))
) e;
