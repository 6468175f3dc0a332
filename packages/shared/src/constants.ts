/** Fixed business contents shared by the web app and the server. */

export const ROLES = ['client', 'guard', 'partner', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** The only roles a person may choose at sign-up. */
export const SIGN_UP_ROLES = ['client', 'guard'] as const;
export type SignUpRole = (typeof SIGN_UP_ROLES)[number];

export const SIGN_UP_ROLE_LABELS: Record<SignUpRole, string> = {
  client: 'Client (Looking for security)',
  guard: 'Security Guard (Providing services)',
};

export const ROLE_LABELS: Record<Role, string> = {
  client: 'Client',
  guard: 'Security Guard',
  partner: 'Partner',
  admin: 'Administrator',
};

export const SPECIALIZATIONS = [
  'Guard',
  'Close protection',
  'Corporate security',
  'Private investigator',
  'Motorcade security',
  'Event security (Bouncer)',
] as const;
export type Specialization = (typeof SPECIALIZATIONS)[number];

export const WIZARD_AREAS = [
  'Karen',
  'Runda',
  'Lavington',
  'Kitisuru',
  'Muthaiga',
  'Gigiri',
  'Westlands',
  'Kileleshwa',
  'Nyari',
  'Rosslyn',
  'Riverside',
  'Spring Valley',
  'Kilimani',
  'Other',
] as const;

export const FORM_AREAS = [
  'Westlands',
  'Karen',
  'Runda',
  'Muthaiga',
  'Lavington',
  'Kilimani',
  'Kileleshwa',
  'Spring Valley',
  'Gigiri',
  'Rosslyn',
  'Loresho',
  'Nyari',
  'Kitisuru',
  'Banana Hill',
  'Tigoni',
  'Limuru',
] as const;

export const DRESS_CODES = ['business_suit', 'tactical_uniform'] as const;
export type DressCode = (typeof DRESS_CODES)[number];

/** Wizard service types (modal and /booking) and single-page form service types. */
export const SERVICE_TYPES = ['personal', 'team', 'elite', 'vip', 'event', 'investigator', 'manned'] as const;
export type ServiceType = (typeof SERVICE_TYPES)[number];

/** How each service type is named on screen, in e-mails, SMS and calendar invites. */
export const SERVICE_TYPE_LABELS: Record<ServiceType, string> = {
  personal: 'Personal Guard',
  team: 'Security Team',
  elite: 'Elite Protection',
  vip: 'VIP Protection',
  event: 'Event Security',
  investigator: 'Private Investigator',
  manned: 'Manned Guarding',
};

export const BOOKING_STATUSES = ['pending', 'confirmed', 'completed', 'cancelled'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export const BOOKING_PAYMENT_STATUSES = ['unpaid', 'pending', 'paid', 'failed', 'refunded'] as const;
export type BookingPaymentStatus = (typeof BOOKING_PAYMENT_STATUSES)[number];

export const BOOKING_TYPES = ['hourly', 'daily', 'monthly'] as const;
export const SHIFT_TYPES = ['day', 'night', 'custom'] as const;

/** Who can take money online, and how. */
export const PAYMENT_PROVIDERS = ['intasend', 'sandbox'] as const;
export const PAYMENT_METHODS = ['mpesa', 'card'] as const;
/**
 * What a payment record can say: the online ones, and cash the academy's office took (a course fee
 * paid at the desk, recorded with its receipt number). Cash is never taken or refunded through a
 * provider.
 */
export const PAYMENT_RECORD_PROVIDERS = [...PAYMENT_PROVIDERS, 'office'] as const;
export const PAYMENT_RECORD_METHODS = [...PAYMENT_METHODS, 'cash'] as const;
export const PAYMENT_STATUSES = ['pending', 'processing', 'paid', 'failed', 'refund_pending', 'refunded'] as const;

export const GUARD_STATUSES = ['pending', 'pending_approval', 'approved', 'rejected'] as const;
export type GuardStatus = (typeof GUARD_STATUSES)[number];

export const NOTIFICATION_TYPES = ['system', 'booking', 'booking_confirmed', 'approval', 'payment', 'security', 'rejection', 'shift'] as const;

/** What a guard can report from a shift (decision 029). */
export const INCIDENT_TYPES = ['intrusion', 'theft', 'suspicious_activity', 'property_damage', 'fire', 'medical', 'access_refused', 'other'] as const;
export type IncidentType = (typeof INCIDENT_TYPES)[number];
export const INCIDENT_TYPE_LABELS: Record<IncidentType, string> = {
  intrusion: 'Intrusion or break-in',
  theft: 'Theft',
  suspicious_activity: 'Suspicious person or activity',
  property_damage: 'Damage to property',
  fire: 'Fire or smoke',
  medical: 'Medical emergency',
  access_refused: 'Access refused at the post',
  other: 'Other',
};
export const INCIDENT_SEVERITIES = ['low', 'medium', 'high'] as const;
export type IncidentSeverity = (typeof INCIDENT_SEVERITIES)[number];

export const COURSE_LEVELS = ['Beginner', 'Intermediate', 'Advanced'] as const;
/** A "Generate for cohort" run. */
export const CERTIFICATE_BATCH_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type CertificateBatchStatus = (typeof CERTIFICATE_BATCH_STATUSES)[number];

export const COHORT_STATUSES = ['upcoming', 'open', 'ongoing', 'completed'] as const;
export const ENROLLMENT_STATUSES = ['pending', 'approved', 'rejected', 'pending_cash', 'pending_payment', 'active', 'completed', 'cancelled'] as const;
export type EnrollmentStatus = (typeof ENROLLMENT_STATUSES)[number];
export const ENROLLMENT_PAYMENT_STATUSES = ['pending', 'pending_cash', 'paid', 'failed', 'refunded'] as const;
export type EnrollmentPaymentStatus = (typeof ENROLLMENT_PAYMENT_STATUSES)[number];
export const ENROLLMENT_PAYMENT_METHODS = ['intasend', 'cash'] as const;
export type EnrollmentPaymentMethod = (typeof ENROLLMENT_PAYMENT_METHODS)[number];
export const ASSESSMENT_TYPES = ['assignment', 'project', 'exam', 'presentation'] as const;
export const ASSESSMENT_STATUSES = ['submitted', 'graded'] as const;
export const ATTENDANCE_STATUSES = ['present', 'absent', 'late', 'excused'] as const;
export const ANNOUNCEMENT_PRIORITIES = ['low', 'normal', 'high'] as const;
export const FILE_BUCKETS = [
  'course-materials',
  'student-assessments',
  'instructor-cvs',
  'facilities-photos',
  'guard-documents',
  'certificates',
  'branding',
  'incident-photos',
] as const;

export const KES_PER_USD = 145;

/** Fixed contact contents: the chat button, the footer and the e-mails use these. */
export const CONTACT = {
  whatsappNumber: '254700000000',
  whatsappGreeting: "Hello! I'd like to know more about your security services.",
  email: 'info@opssecurity.co.ke',
  linkedin: 'https://www.linkedin.com/company/ops-security-kenya',
  x: 'https://x.com/opssecurityke',
  facebook: 'https://www.facebook.com/opssecurityke',
} as const;

export const PRODUCT_NAME = 'OPS Security';

/**
 * The version of the privacy notice at /privacy that sign-up asks people to agree to; the server
 * records it with the time of agreement. A changed notice gets a new version (its date).
 */
export const PRIVACY_NOTICE_VERSION = '2026-11-24';
export const PRIVACY_NOTICE_PATH = '/privacy';
export const TAGLINE = 'Select and Deploy the Best.';

/** The guard list: its sorts, page sizes and highest page. */
export const GUARD_SORTS = ['rating', 'experience', 'rate_low', 'rate_high', 'newest'] as const;
export type GuardSort = (typeof GUARD_SORTS)[number];
export const GUARD_SORT_LABELS: Record<GuardSort, string> = {
  rating: 'Top rated',
  experience: 'Most experienced',
  rate_low: 'Lowest rate',
  rate_high: 'Highest rate',
  newest: 'Newest',
};
export const GUARD_PAGE_SIZES = [12, 24, 48] as const;
export const GUARD_PAGE_SIZE_DEFAULT = 24;
export const GUARD_PAGE_MAX = 1000;
