/** The one JSON shape of every API error. */
export interface ApiErrorBody {
  code: string;
  message: string;
  /** Field name → message, for 400 responses about input. */
  fields?: Record<string, string>;
}

export const ERROR_CODES = {
  validation: 'VALIDATION_ERROR',
  unauthenticated: 'UNAUTHENTICATED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  tooLarge: 'PAYLOAD_TOO_LARGE',
  rateLimited: 'RATE_LIMITED',
  internal: 'INTERNAL_ERROR',
  /** The database cannot be reached for now; Retry-After says when to try again. */
  unavailable: 'SERVICE_UNAVAILABLE',
  /** The payment provider refused or failed the request; the message is safe to show. */
  paymentProvider: 'PAYMENT_PROVIDER_ERROR',
} as const;
