/**
 * Kenyan mobile and landline-mobile numbers (Safaricom, Airtel, Telkom: 07XX and 01XX) in any of the
 * forms people type them, normalised to the 2547XXXXXXXX / 2541XXXXXXXX form that IntaSend takes.
 */
const KENYAN_PHONE = /^(?:\+?254|0)([17]\d{8})$/;

export const PHONE_FORMAT_MESSAGE = 'Enter a Kenyan phone number such as 0712 345 678, 0110 123 456 or +254 712 345 678';

export function normalizeKenyanPhone(input: string): string | null {
  const compact = input.replace(/[\s-]/g, '');
  const match = KENYAN_PHONE.exec(compact);
  return match ? `254${match[1]}` : null;
}

/** 254712345678 → +254 712 345 678, for display. */
export function formatKenyanPhone(normalized: string): string {
  const m = /^254(\d{3})(\d{3})(\d{3})$/.exec(normalized);
  return m ? `+254 ${m[1]} ${m[2]} ${m[3]}` : normalized;
}
