/** The steps of the two wizards over one form model, and which fields each step owns. */

export type WizardField =
  'serviceType' | 'guardId' | 'teamSize' | 'durationType' | 'date' | 'endDate' | 'startTime' | 'duration' | 'location' | 'address' | 'notes' | 'dressCode';

export interface WizardStep {
  id: string;
  /** The short name under the step's number. */
  label: string;
  /** The step's heading. */
  title: string;
  fields: readonly WizardField[];
}

const SCHEDULE_FIELDS = ['durationType', 'date', 'endDate', 'startTime', 'duration'] as const;
const DETAILS_FIELDS = ['location', 'address', 'notes'] as const;

/** The six-step modal opened from a guard's profile. */
export const MODAL_STEPS = [
  { id: 'service-selection', label: 'Service', title: 'Choose Your Service', fields: ['serviceType'] },
  { id: 'guard-selection', label: 'Guards', title: 'Select Guards', fields: ['teamSize', 'guardId'] },
  { id: 'datetime-selection', label: 'Schedule', title: 'Schedule Service', fields: SCHEDULE_FIELDS },
  { id: 'location-details', label: 'Details', title: 'Service Details', fields: [...DETAILS_FIELDS, 'dressCode'] },
  { id: 'booking-summary', label: 'Summary', title: 'Review Booking', fields: [] },
  { id: 'payment', label: 'Payment', title: 'Complete Payment', fields: [] },
] as const satisfies readonly WizardStep[];
export type ModalStepId = (typeof MODAL_STEPS)[number]['id'];

/** The three-step /booking page. */
export const PAGE_STEPS = [
  { id: 'service-selection', label: 'Guard Selection', title: 'Guard Selection', fields: ['guardId', 'teamSize', 'dressCode'] },
  { id: 'datetime-selection', label: 'Booking Details', title: 'Booking Details', fields: [...SCHEDULE_FIELDS, ...DETAILS_FIELDS] },
  { id: 'booking-summary', label: 'Review & Confirm', title: 'Review & Confirm', fields: [] },
] as const satisfies readonly WizardStep[];
export type PageStepId = (typeof PAGE_STEPS)[number]['id'];

/**
 * The step that shows a field's message: its own step, or for a field no step owns (the total
 * the server priced differently) the summary.
 */
export function stepIndexOfField(steps: readonly WizardStep[], field: string): number {
  const own = steps.findIndex((step) => (step.fields as readonly string[]).includes(field));
  if (own >= 0) return own;
  const summary = steps.findIndex((step) => step.id === 'booking-summary');
  return summary >= 0 ? summary : steps.length - 1;
}
