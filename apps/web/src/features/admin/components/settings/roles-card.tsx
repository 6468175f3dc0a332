/** Role management (make or unmake admins and partners), shown in Settings. */
export function RolesCard() {
  return null;
}
