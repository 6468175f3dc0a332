CREATE TABLE "accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"id" text PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"count" integer NOT NULL,
	"last_request" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"user_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verifications" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"role" text NOT NULL,
	"full_name" text NOT NULL,
	"phone" text,
	"is_company" boolean DEFAULT false NOT NULL,
	"company_name" text,
	"avatar_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profiles_role_check" CHECK ("profiles"."role" in ('client', 'guard', 'partner', 'admin')),
	CONSTRAINT "profiles_phone_check" CHECK ("profiles"."phone" is null or "profiles"."phone" ~ '^254[17][0-9]{8}$'),
	CONSTRAINT "profiles_company_check" CHECK (("profiles"."is_company" and "profiles"."company_name" is not null and "profiles"."role" = 'client') or (not "profiles"."is_company" and "profiles"."company_name" is null))
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bucket" text NOT NULL,
	"key" text NOT NULL,
	"original_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"owner_profile_id" uuid,
	"course_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stored_files_bucket_check" CHECK ("stored_files"."bucket" in ('course-materials', 'student-assessments', 'instructor-cvs', 'facilities-photos', 'guard-documents', 'certificates')),
	CONSTRAINT "stored_files_size_check" CHECK ("stored_files"."size_bytes" >= 0)
);
--> statement-breakpoint
CREATE TABLE "guards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" uuid NOT NULL,
	"approved" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"rejection_reason" text,
	"specialization" text,
	"experience_years" integer DEFAULT 0 NOT NULL,
	"availability" boolean DEFAULT true NOT NULL,
	"high_risk_certified" boolean DEFAULT false NOT NULL,
	"bio" text,
	"skills" text[] DEFAULT '{}'::text[] NOT NULL,
	"rate_hourly" integer,
	"rate_daily" integer,
	"average_rating" numeric(3, 2),
	"review_count" integer DEFAULT 0 NOT NULL,
	"cv_file_id" uuid,
	"police_clearance_file_id" uuid,
	"certificate_file_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"documents_verified" boolean DEFAULT false NOT NULL,
	"reported_to_office" boolean DEFAULT false NOT NULL,
	"passed_alcohol_test" boolean DEFAULT false NOT NULL,
	"signed_contract" boolean DEFAULT false NOT NULL,
	"fit_for_duty" boolean DEFAULT false NOT NULL,
	"onboarding_complete" boolean DEFAULT false NOT NULL,
	"approved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guards_status_check" CHECK ("guards"."status" in ('pending', 'pending_approval', 'approved', 'rejected')),
	CONSTRAINT "guards_specialization_check" CHECK ("guards"."specialization" is null or "guards"."specialization" in ('Guard', 'Close protection', 'Corporate security', 'Private investigator', 'Motorcade security', 'Event security (Bouncer)')),
	CONSTRAINT "guards_approved_status_check" CHECK ("guards"."approved" = ("guards"."status" = 'approved')),
	CONSTRAINT "guards_experience_check" CHECK ("guards"."experience_years" between 0 and 60),
	CONSTRAINT "guards_rates_check" CHECK (coalesce("guards"."rate_hourly", 0) >= 0 and coalesce("guards"."rate_daily", 0) >= 0),
	CONSTRAINT "guards_rating_check" CHECK ("guards"."average_rating" is null or "guards"."average_rating" between 1 and 5),
	CONSTRAINT "guards_review_count_check" CHECK ("guards"."review_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"client_profile_id" uuid NOT NULL,
	"guard_profile_id" uuid,
	"service_type" text NOT NULL,
	"booking_type" text NOT NULL,
	"shift_type" text,
	"team_size" integer DEFAULT 1 NOT NULL,
	"dress_code" text,
	"area" text NOT NULL,
	"address" text,
	"notes" text,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"duration_hours" integer NOT NULL,
	"price" integer NOT NULL,
	"commission_amount" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"payment_status" text DEFAULT 'unpaid' NOT NULL,
	"hold_expires_at" timestamp with time zone,
	"cancelled_reason" text,
	"confirmed_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_status_check" CHECK ("bookings"."status" in ('pending', 'confirmed', 'completed', 'cancelled')),
	CONSTRAINT "bookings_payment_status_check" CHECK ("bookings"."payment_status" in ('unpaid', 'pending', 'paid', 'failed', 'refunded')),
	CONSTRAINT "bookings_service_type_check" CHECK ("bookings"."service_type" in ('personal', 'team', 'elite', 'vip', 'event', 'investigator', 'manned')),
	CONSTRAINT "bookings_booking_type_check" CHECK ("bookings"."booking_type" in ('hourly', 'daily', 'monthly')),
	CONSTRAINT "bookings_shift_type_check" CHECK ("bookings"."shift_type" is null or "bookings"."shift_type" in ('day', 'night', 'custom')),
	CONSTRAINT "bookings_dress_code_check" CHECK ("bookings"."dress_code" is null or "bookings"."dress_code" in ('business_suit', 'tactical_uniform')),
	CONSTRAINT "bookings_team_size_check" CHECK ("bookings"."team_size" between 1 and 20),
	CONSTRAINT "bookings_time_check" CHECK ("bookings"."end_time" > "bookings"."start_time"),
	CONSTRAINT "bookings_duration_check" CHECK ("bookings"."duration_hours" > 0),
	CONSTRAINT "bookings_price_check" CHECK ("bookings"."price" >= 0 and coalesce("bookings"."commission_amount", 0) >= 0),
	CONSTRAINT "bookings_paid_status_check" CHECK (("bookings"."status" not in ('confirmed', 'completed') or "bookings"."payment_status" = 'paid') and ("bookings"."payment_status" <> 'refunded' or "bookings"."status" = 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"event_key" text NOT NULL,
	"payment_id" uuid,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_events_provider_check" CHECK ("payment_events"."provider" in ('intasend', 'sandbox'))
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid,
	"enrollment_id" uuid,
	"payer_profile_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"method" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text DEFAULT 'KES' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"api_ref" text NOT NULL,
	"provider_ref" text,
	"checkout_url" text,
	"phone" text,
	"failure_reason" text,
	"provider_payload" jsonb,
	"paid_at" timestamp with time zone,
	"refunded_amount" integer,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_provider_check" CHECK ("payments"."provider" in ('intasend', 'sandbox')),
	CONSTRAINT "payments_method_check" CHECK ("payments"."method" in ('mpesa', 'card')),
	CONSTRAINT "payments_status_check" CHECK ("payments"."status" in ('pending', 'processing', 'paid', 'failed', 'refund_pending', 'refunded')),
	CONSTRAINT "payments_currency_check" CHECK ("payments"."currency" = 'KES'),
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount" > 0),
	CONSTRAINT "payments_refund_check" CHECK ("payments"."refunded_amount" is null or "payments"."refunded_amount" between 0 and "payments"."amount"),
	CONSTRAINT "payments_subject_check" CHECK (num_nonnulls("payments"."booking_id", "payments"."enrollment_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"guard_profile_id" uuid NOT NULL,
	"client_profile_id" uuid NOT NULL,
	"rating" integer NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_rating_check" CHECK ("reviews"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" uuid NOT NULL,
	"type" text NOT NULL,
	"message" text NOT NULL,
	"link" text,
	"read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_type_check" CHECK ("notifications"."type" in ('system', 'booking', 'booking_confirmed', 'approval', 'payment', 'security', 'rejection'))
);
--> statement-breakpoint
CREATE TABLE "attendance" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enrollment_id" uuid NOT NULL,
	"profile_id" uuid NOT NULL,
	"course_id" text NOT NULL,
	"session_date" date NOT NULL,
	"session_title" text,
	"status" text NOT NULL,
	"recorded_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attendance_status_check" CHECK ("attendance"."status" in ('present', 'absent', 'late', 'excused'))
);
--> statement-breakpoint
CREATE TABLE "certificates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enrollment_id" uuid NOT NULL,
	"certificate_ref" text NOT NULL,
	"student_name" text NOT NULL,
	"course_name" text NOT NULL,
	"issue_date" date NOT NULL,
	"cobranded" boolean DEFAULT false NOT NULL,
	"file_id" uuid,
	"issued_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cohort_schedules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"course_id" text NOT NULL,
	"cohort_id" uuid,
	"session_title" text NOT NULL,
	"session_description" text,
	"session_date" timestamp with time zone NOT NULL,
	"duration_hours" numeric(4, 1) NOT NULL,
	"location" text,
	"instructor" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cohort_schedules_duration_check" CHECK ("cohort_schedules"."duration_hours" > 0 and "cohort_schedules"."duration_hours" <= 24)
);
--> statement-breakpoint
CREATE TABLE "cohorts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"course_id" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"capacity" integer DEFAULT 20 NOT NULL,
	"enrolled_count" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'upcoming' NOT NULL,
	"instructor" text,
	"location" text,
	"notes" text,
	"audited" boolean DEFAULT false NOT NULL,
	"audited_by" uuid,
	"audited_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cohorts_status_check" CHECK ("cohorts"."status" in ('upcoming', 'open', 'ongoing', 'completed')),
	CONSTRAINT "cohorts_dates_check" CHECK ("cohorts"."end_date" >= "cohorts"."start_date"),
	CONSTRAINT "cohorts_capacity_check" CHECK ("cohorts"."capacity" > 0 and "cohorts"."enrolled_count" between 0 and "cohorts"."capacity"),
	CONSTRAINT "cohorts_audit_check" CHECK (not "cohorts"."audited" or "cohorts"."audited_at" is not null)
);
--> statement-breakpoint
CREATE TABLE "course_announcements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"course_id" text NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"priority" text DEFAULT 'normal' NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"author_profile_id" uuid,
	CONSTRAINT "course_announcements_priority_check" CHECK ("course_announcements"."priority" in ('low', 'normal', 'high'))
);
--> statement-breakpoint
CREATE TABLE "courses" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"tagline" text NOT NULL,
	"description" text NOT NULL,
	"duration_weeks" integer NOT NULL,
	"price" integer NOT NULL,
	"level" text NOT NULL,
	"accreditation" text NOT NULL,
	"category" text NOT NULL,
	"max_students" integer NOT NULL,
	"prerequisites" text[] DEFAULT '{}'::text[] NOT NULL,
	"syllabus" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"learning_outcomes" text[] DEFAULT '{}'::text[] NOT NULL,
	"career_opportunities" text[] DEFAULT '{}'::text[] NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "courses_level_check" CHECK ("courses"."level" in ('Beginner', 'Intermediate', 'Advanced')),
	CONSTRAINT "courses_price_check" CHECK ("courses"."price" >= 0),
	CONSTRAINT "courses_duration_check" CHECK ("courses"."duration_weeks" > 0),
	CONSTRAINT "courses_max_students_check" CHECK ("courses"."max_students" > 0)
);
--> statement-breakpoint
CREATE TABLE "enrollments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" uuid NOT NULL,
	"course_id" text NOT NULL,
	"cohort_id" uuid NOT NULL,
	"course_price" integer NOT NULL,
	"payment_method" text NOT NULL,
	"phone_number" text,
	"status" text NOT NULL,
	"payment_status" text NOT NULL,
	"payment_deadline" date,
	"transaction_id" text,
	"api_ref" text,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "enrollments_status_check" CHECK ("enrollments"."status" in ('pending', 'approved', 'rejected', 'pending_cash', 'pending_payment', 'active', 'completed')),
	CONSTRAINT "enrollments_payment_status_check" CHECK ("enrollments"."payment_status" in ('pending', 'pending_cash', 'paid', 'failed', 'refunded')),
	CONSTRAINT "enrollments_payment_method_check" CHECK ("enrollments"."payment_method" in ('intasend', 'cash')),
	CONSTRAINT "enrollments_price_check" CHECK ("enrollments"."course_price" >= 0),
	CONSTRAINT "enrollments_phone_check" CHECK ("enrollments"."phone_number" is null or "enrollments"."phone_number" ~ '^254[17][0-9]{8}$')
);
--> statement-breakpoint
CREATE TABLE "student_assessments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enrollment_id" uuid NOT NULL,
	"profile_id" uuid NOT NULL,
	"course_id" text NOT NULL,
	"assessment_title" text NOT NULL,
	"assessment_type" text NOT NULL,
	"file_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"status" text DEFAULT 'submitted' NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"grade" text,
	"feedback" text,
	"graded_by" uuid,
	"graded_at" timestamp with time zone,
	CONSTRAINT "student_assessments_type_check" CHECK ("student_assessments"."assessment_type" in ('assignment', 'project', 'exam', 'presentation')),
	CONSTRAINT "student_assessments_status_check" CHECK ("student_assessments"."status" in ('submitted', 'graded')),
	CONSTRAINT "student_assessments_grade_check" CHECK (("student_assessments"."status" = 'graded') = ("student_assessments"."grade" is not null))
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"company_name" text DEFAULT 'OPS Security' NOT NULL,
	"logo_url" text,
	"primary_color" text DEFAULT '#007BFF' NOT NULL,
	"slogan" text DEFAULT 'Select and Deploy the Best.' NOT NULL,
	"default_booking_duration_hours" integer DEFAULT 8 NOT NULL,
	"max_advance_booking_days" integer DEFAULT 30 NOT NULL,
	"platform_commission_basis_points" integer DEFAULT 500 NOT NULL,
	"auto_approve_guards" boolean DEFAULT false NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "settings_singleton_check" CHECK ("settings"."id" = 1),
	CONSTRAINT "settings_color_check" CHECK ("settings"."primary_color" ~ '^#[0-9A-Fa-f]{6}$'),
	CONSTRAINT "settings_duration_check" CHECK ("settings"."default_booking_duration_hours" between 6 and 24),
	CONSTRAINT "settings_advance_check" CHECK ("settings"."max_advance_booking_days" between 1 and 365),
	CONSTRAINT "settings_commission_check" CHECK ("settings"."platform_commission_basis_points" between 0 and 5000)
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_owner_profile_id_profiles_id_fk" FOREIGN KEY ("owner_profile_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guards" ADD CONSTRAINT "guards_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guards" ADD CONSTRAINT "guards_cv_file_id_stored_files_id_fk" FOREIGN KEY ("cv_file_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guards" ADD CONSTRAINT "guards_police_clearance_file_id_stored_files_id_fk" FOREIGN KEY ("police_clearance_file_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_client_profile_id_profiles_id_fk" FOREIGN KEY ("client_profile_id") REFERENCES "public"."profiles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_guard_profile_id_profiles_id_fk" FOREIGN KEY ("guard_profile_id") REFERENCES "public"."profiles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_enrollment_id_enrollments_id_fk" FOREIGN KEY ("enrollment_id") REFERENCES "public"."enrollments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_payer_profile_id_profiles_id_fk" FOREIGN KEY ("payer_profile_id") REFERENCES "public"."profiles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_guard_profile_id_profiles_id_fk" FOREIGN KEY ("guard_profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_client_profile_id_profiles_id_fk" FOREIGN KEY ("client_profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_enrollment_id_enrollments_id_fk" FOREIGN KEY ("enrollment_id") REFERENCES "public"."enrollments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_recorded_by_profiles_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_enrollment_id_enrollments_id_fk" FOREIGN KEY ("enrollment_id") REFERENCES "public"."enrollments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_issued_by_profiles_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cohort_schedules" ADD CONSTRAINT "cohort_schedules_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cohort_schedules" ADD CONSTRAINT "cohort_schedules_cohort_id_cohorts_id_fk" FOREIGN KEY ("cohort_id") REFERENCES "public"."cohorts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cohorts" ADD CONSTRAINT "cohorts_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cohorts" ADD CONSTRAINT "cohorts_audited_by_profiles_id_fk" FOREIGN KEY ("audited_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_announcements" ADD CONSTRAINT "course_announcements_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_announcements" ADD CONSTRAINT "course_announcements_author_profile_id_profiles_id_fk" FOREIGN KEY ("author_profile_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_cohort_id_cohorts_id_fk" FOREIGN KEY ("cohort_id") REFERENCES "public"."cohorts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_assessments" ADD CONSTRAINT "student_assessments_enrollment_id_enrollments_id_fk" FOREIGN KEY ("enrollment_id") REFERENCES "public"."enrollments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_assessments" ADD CONSTRAINT "student_assessments_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_assessments" ADD CONSTRAINT "student_assessments_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_assessments" ADD CONSTRAINT "student_assessments_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_assessments" ADD CONSTRAINT "student_assessments_graded_by_profiles_id_fk" FOREIGN KEY ("graded_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_updated_by_profiles_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounts_user_id_idx" ON "accounts" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rate_limits_key_key" ON "rate_limits" USING btree ("key");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_key" ON "sessions" USING btree ("token");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "verifications_identifier_idx" ON "verifications" USING btree ("identifier");--> statement-breakpoint
CREATE UNIQUE INDEX "profiles_user_id_key" ON "profiles" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "profiles_role_idx" ON "profiles" USING btree ("role");--> statement-breakpoint
CREATE INDEX "profiles_full_name_idx" ON "profiles" USING btree ("full_name");--> statement-breakpoint
CREATE UNIQUE INDEX "stored_files_bucket_key_key" ON "stored_files" USING btree ("bucket","key");--> statement-breakpoint
CREATE INDEX "stored_files_owner_profile_id_idx" ON "stored_files" USING btree ("owner_profile_id");--> statement-breakpoint
CREATE INDEX "stored_files_bucket_course_idx" ON "stored_files" USING btree ("bucket","course_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "guards_profile_id_key" ON "guards" USING btree ("profile_id");--> statement-breakpoint
CREATE INDEX "guards_listing_rating_idx" ON "guards" USING btree ("approved","average_rating" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "guards_listing_experience_idx" ON "guards" USING btree ("approved","experience_years" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "guards_listing_rate_idx" ON "guards" USING btree ("approved","rate_hourly","id");--> statement-breakpoint
CREATE INDEX "guards_listing_created_idx" ON "guards" USING btree ("approved","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "guards_specialization_idx" ON "guards" USING btree ("specialization","approved");--> statement-breakpoint
CREATE INDEX "guards_status_idx" ON "guards" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "guards_cv_file_id_idx" ON "guards" USING btree ("cv_file_id");--> statement-breakpoint
CREATE INDEX "guards_police_clearance_file_id_idx" ON "guards" USING btree ("police_clearance_file_id");--> statement-breakpoint
CREATE INDEX "bookings_reference_idx" ON "bookings" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "bookings_client_start_idx" ON "bookings" USING btree ("client_profile_id","start_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "bookings_guard_start_idx" ON "bookings" USING btree ("guard_profile_id","start_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "bookings_status_idx" ON "bookings" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "bookings_payment_status_idx" ON "bookings" USING btree ("payment_status");--> statement-breakpoint
CREATE INDEX "bookings_created_at_idx" ON "bookings" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "bookings_hold_expires_idx" ON "bookings" USING btree ("hold_expires_at") WHERE "bookings"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "payment_events_provider_event_key" ON "payment_events" USING btree ("provider","event_key");--> statement-breakpoint
CREATE INDEX "payment_events_payment_id_idx" ON "payment_events" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_api_ref_key" ON "payments" USING btree ("api_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_ref_key" ON "payments" USING btree ("provider","provider_ref");--> statement-breakpoint
CREATE INDEX "payments_booking_id_idx" ON "payments" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "payments_enrollment_id_idx" ON "payments" USING btree ("enrollment_id");--> statement-breakpoint
CREATE INDEX "payments_payer_profile_id_idx" ON "payments" USING btree ("payer_profile_id");--> statement-breakpoint
CREATE INDEX "payments_status_idx" ON "payments" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payments_created_at_idx" ON "payments" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_booking_id_key" ON "reviews" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "reviews_guard_created_idx" ON "reviews" USING btree ("guard_profile_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reviews_client_profile_id_idx" ON "reviews" USING btree ("client_profile_id");--> statement-breakpoint
CREATE INDEX "notifications_profile_created_idx" ON "notifications" USING btree ("profile_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_profile_unread_idx" ON "notifications" USING btree ("profile_id") WHERE not "notifications"."read";--> statement-breakpoint
CREATE UNIQUE INDEX "attendance_enrollment_session_key" ON "attendance" USING btree ("enrollment_id","session_date");--> statement-breakpoint
CREATE INDEX "attendance_session_date_idx" ON "attendance" USING btree ("session_date");--> statement-breakpoint
CREATE INDEX "attendance_profile_id_idx" ON "attendance" USING btree ("profile_id");--> statement-breakpoint
CREATE INDEX "attendance_course_id_idx" ON "attendance" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "attendance_recorded_by_idx" ON "attendance" USING btree ("recorded_by");--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_certificate_ref_key" ON "certificates" USING btree ("certificate_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_enrollment_id_key" ON "certificates" USING btree ("enrollment_id");--> statement-breakpoint
CREATE INDEX "certificates_file_id_idx" ON "certificates" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "certificates_issued_by_idx" ON "certificates" USING btree ("issued_by");--> statement-breakpoint
CREATE INDEX "certificates_created_at_idx" ON "certificates" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "cohort_schedules_course_date_idx" ON "cohort_schedules" USING btree ("course_id","session_date");--> statement-breakpoint
CREATE INDEX "cohort_schedules_cohort_id_idx" ON "cohort_schedules" USING btree ("cohort_id");--> statement-breakpoint
CREATE INDEX "cohort_schedules_session_date_idx" ON "cohort_schedules" USING btree ("session_date");--> statement-breakpoint
CREATE INDEX "cohorts_course_start_idx" ON "cohorts" USING btree ("course_id","start_date");--> statement-breakpoint
CREATE INDEX "cohorts_start_date_idx" ON "cohorts" USING btree ("start_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "cohorts_status_idx" ON "cohorts" USING btree ("status");--> statement-breakpoint
CREATE INDEX "cohorts_audited_by_idx" ON "cohorts" USING btree ("audited_by");--> statement-breakpoint
CREATE INDEX "course_announcements_course_published_idx" ON "course_announcements" USING btree ("course_id","published_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "course_announcements_author_profile_id_idx" ON "course_announcements" USING btree ("author_profile_id");--> statement-breakpoint
CREATE INDEX "courses_sort_order_idx" ON "courses" USING btree ("published","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "enrollments_profile_cohort_key" ON "enrollments" USING btree ("profile_id","cohort_id");--> statement-breakpoint
CREATE UNIQUE INDEX "enrollments_api_ref_key" ON "enrollments" USING btree ("api_ref");--> statement-breakpoint
CREATE INDEX "enrollments_profile_created_idx" ON "enrollments" USING btree ("profile_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "enrollments_course_id_idx" ON "enrollments" USING btree ("course_id","status");--> statement-breakpoint
CREATE INDEX "enrollments_cohort_id_idx" ON "enrollments" USING btree ("cohort_id");--> statement-breakpoint
CREATE INDEX "enrollments_status_idx" ON "enrollments" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "student_assessments_profile_submitted_idx" ON "student_assessments" USING btree ("profile_id","submitted_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "student_assessments_enrollment_id_idx" ON "student_assessments" USING btree ("enrollment_id");--> statement-breakpoint
CREATE INDEX "student_assessments_course_id_idx" ON "student_assessments" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "student_assessments_file_id_idx" ON "student_assessments" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "student_assessments_graded_by_idx" ON "student_assessments" USING btree ("graded_by");