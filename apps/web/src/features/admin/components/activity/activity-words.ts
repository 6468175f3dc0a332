/**
 * The audit trail in words. Actions are 'area.verb' ('guard.approve'); the known ones read as the
 * office would say them, any other is put together from its parts so a new action never shows raw.
 */
const ACTION_WORDS: Record<string, string> = {
  'guard.approve': 'Approved guard',
  'guard.unapprove': 'Unapproved guard',
  'guard.reject': 'Rejected guard',
  'guard.stage': 'Updated onboarding stage',
  'guard.read': 'Viewed guard profile',
  'guard.list': 'Viewed guard list',
  'document.read': 'Viewed document',
  'guard_document.read': 'Viewed document',
  'payment.read': 'Viewed payment',
  'account.export': 'Exported account data',
  'account.delete': 'Deleted account',
  'activity.export': 'Exported activity',
  'client.list': 'Viewed client list',
  'client.block': 'Blocked client',
  'client.unblock': 'Unblocked client',
  'role.change': 'Changed role',
  'profile.search': 'Searched people',
  'booking.list': 'Viewed booking list',
  'booking.status': 'Changed booking status',
  'booking.staff': 'Assigned guards',
  'payment.list': 'Viewed payment list',
  'payment.refund': 'Refunded payment',
  'payment.refund_request': 'Asked for a refund',
  'payment.refund_refused': 'Refund refused',
  'payment.export': 'Exported payments',
  'notification.broadcast': 'Sent notification',
  'settings.update': 'Updated settings',
  'cohort.create': 'Created cohort',
  'cohort.update': 'Updated cohort',
  'cohort.delete': 'Deleted cohort',
  'enrollment.list': 'Viewed enrolment list',
  'enrollment.approve': 'Approved enrolment',
  'enrollment.reject': 'Rejected enrolment',
  'enrollment.cash_paid': 'Recorded cash payment',
  'enrollment.cancel': 'Cancelled enrolment',
  'attendance.read': 'Viewed attendance',
  'attendance.record': 'Recorded attendance',
  'session.create': 'Added class session',
  'session.update': 'Updated class session',
  'session.delete': 'Deleted class session',
  'announcement.create': 'Published announcement',
  'announcement.delete': 'Deleted announcement',
  'material.upload': 'Uploaded course material',
  'material.delete': 'Deleted course material',
  'assessment.list': 'Viewed submissions',
  'assessment.read': 'Viewed submission',
  'assessment.grade': 'Graded submission',
  'course.validity': 'Set certificate validity',
  'booking.unstaff': 'Removed guard from booking',
  'booking.replace_guard': 'Replaced guard on booking',
  'incident.edit': 'Edited incident',
  'certificate.candidates': 'Viewed certificate candidates',
  'certificate.issue': 'Issued certificate',
  'certificate.batch': 'Generated certificates for cohort',
  'certificate.read': 'Viewed certificate',
  'certificate.revoke': 'Revoked certificate',
  'cohort.audit': 'Audited cohort',
  'cohort.file_upload': 'Uploaded cohort file',
  'cohort.file_delete': 'Deleted cohort file',
};

/** The actions the filter offers, in the order an operator looks for them. */
export const ACTIVITY_FILTER_ACTIONS = [
  'guard.approve',
  'guard.unapprove',
  'guard.reject',
  'guard.stage',
  'guard.read',
  'guard.list',
  'guard_document.read',
  'payment.read',
  'client.block',
  'client.unblock',
  'role.change',
  'booking.status',
  'booking.staff',
  'booking.replace_guard',
  'incident.edit',
  'payment.refund_request',
  'payment.refund',
  'payment.refund_refused',
  'payment.export',
  'notification.broadcast',
  'settings.update',
  'cohort.create',
  'cohort.update',
  'cohort.delete',
  'enrollment.approve',
  'enrollment.reject',
  'enrollment.cash_paid',
  'enrollment.cancel',
  'attendance.record',
  'assessment.read',
  'assessment.grade',
  'material.upload',
  'material.delete',
  'course.validity',
  'activity.export',
  'account.export',
  'account.delete',
] as const;

const PAST_TENSE: Record<string, string> = {
  read: 'Viewed',
  view: 'Viewed',
  list: 'Listed',
  create: 'Created',
  update: 'Updated',
  delete: 'Deleted',
  export: 'Exported',
  approve: 'Approved',
  unapprove: 'Unapproved',
  reject: 'Rejected',
  block: 'Blocked',
  unblock: 'Unblocked',
  refund: 'Refunded',
  revoke: 'Revoked',
  cancel: 'Cancelled',
  audit: 'Audited',
  assign: 'Assigned',
  issue: 'Issued',
  send: 'Sent',
};

const words = (token: string) => token.replace(/_/g, ' ');
const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export function actionWords(action: string): string {
  const known = ACTION_WORDS[action];
  if (known) return known;
  const [area = '', verb = ''] = action.split('.');
  const past = PAST_TENSE[verb] ?? capitalise(words(verb));
  return `${past} ${words(area)}`.trim();
}

/** 'guard_document' → 'Guard document'. */
export const recordWords = (recordType: string): string => capitalise(words(recordType));

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function valueWords(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.length ? value.map(valueWords).join(', ') : '—';
  return JSON.stringify(value);
}

/** The key's name in words: 'fitForDuty' → 'fit for duty'. */
const keyWords = (key: string) =>
  words(key)
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();

/** Before and after in one short line: 'approved: no → yes; status: pending → approved'. */
export function changeWords(before: unknown, after: unknown): string {
  if (isPlainObject(before) || isPlainObject(after)) {
    const b = isPlainObject(before) ? before : {};
    const a = isPlainObject(after) ? after : {};
    const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
    const changed = keys.filter((key) => JSON.stringify(b[key]) !== JSON.stringify(a[key]));
    const shown = changed.length > 0 ? changed : keys;
    return shown
      .map((key) => {
        if (!(key in b)) return `${keyWords(key)}: ${valueWords(a[key])}`;
        if (!(key in a)) return `${keyWords(key)}: ${valueWords(b[key])} → —`;
        return `${keyWords(key)}: ${valueWords(b[key])} → ${valueWords(a[key])}`;
      })
      .join('; ');
  }
  if (before === null && after === null) return '—';
  if (before === null || before === undefined) return valueWords(after);
  return `${valueWords(before)} → ${valueWords(after)}`;
}
