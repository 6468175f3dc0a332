/** A booking's address under the console's API. */
export const adminBookingPath = (id: string) => `/api/admin/bookings/${encodeURIComponent(id)}`;
