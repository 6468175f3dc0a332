import { z } from 'zod';

/** POST /api/me/delete: the account's password, typed again, is what confirms the deletion. */
export const deleteAccountInput = z.object({
  password: z.string({ error: 'Enter your password to confirm' }).min(1, 'Enter your password to confirm').max(128, 'That password is too long'),
});
export type DeleteAccountInput = z.input<typeof deleteAccountInput>;

export interface DeleteAccountResponse {
  deleted: true;
}
