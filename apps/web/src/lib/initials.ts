// Apart from utils.ts (cn, tailwind-merge): the user menu's button needs this on every signed-in page.

/** "Jane Wanjiru Doe" → "JD", for avatars. */
export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const first = parts[0]?.[0] ?? '';
  const last = parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase() || '?';
}
