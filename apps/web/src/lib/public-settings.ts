/**
 * The platform's public settings (brand and booking limits) for every page: read once from
 * GET /api/settings/public and kept in a tiny store, so the home page's first load does not wait
 * for, or carry, the query library. The last answer is remembered in the browser for the next
 * visit; the primary colour is applied to the theme at once. After an admin saves Settings, the
 * console hands the new values to setPublicSettings and every header, footer and form follows.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { PRODUCT_NAME, TAGLINE } from '@ops/shared/constants';
import { DEFAULT_CANCELLATION_POLICY } from '@ops/shared/domain/cancellation-policy';
import { DEFAULT_RESCHEDULE_POLICY } from '@ops/shared/domain/reschedule-policy';
import type { PublicSettingsDto } from '@ops/shared/schemas/settings';

export const PUBLIC_SETTINGS_PATH = '/api/settings/public';
const STORAGE_KEY = 'ops.public-settings';

/** What the database starts with: shown until the first answer arrives. */
export const DEFAULT_PUBLIC_SETTINGS: PublicSettingsDto = {
  companyName: PRODUCT_NAME,
  slogan: TAGLINE,
  primaryColor: '#0F1E36',
  logoUrl: null,
  maxAdvanceBookingDays: 30,
  defaultBookingDurationHours: 8,
  cancellationPolicy: DEFAULT_CANCELLATION_POLICY,
  reschedulePolicy: DEFAULT_RESCHEDULE_POLICY,
};

function remembered(): PublicSettingsDto | null {
  try {
    const raw = typeof localStorage === 'undefined' ? null : localStorage.getItem(STORAGE_KEY);
    return raw ? { ...DEFAULT_PUBLIC_SETTINGS, ...(JSON.parse(raw) as Partial<PublicSettingsDto>) } : null;
  } catch {
    return null;
  }
}

let current: PublicSettingsDto | null = null;
let fetched = false;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

/** A colour a little darker than `hex`, for hovered buttons (still readable under white text). */
export function darker(hex: string, by = 0.15): string {
  const channel = (i: number) =>
    Math.round(parseInt(hex.slice(i, i + 2), 16) * (1 - by))
      .toString(16)
      .padStart(2, '0');
  return `#${channel(1)}${channel(3)}${channel(5)}`.toUpperCase();
}

function applyTheme(settings: PublicSettingsDto): void {
  if (typeof document === 'undefined' || !/^#[0-9A-Fa-f]{6}$/.test(settings.primaryColor)) return;
  const root = document.documentElement.style;
  root.setProperty('--color-primary', settings.primaryColor);
  root.setProperty('--color-primary-hover', darker(settings.primaryColor));
}

/** Puts new settings in force on this page (and remembers them for the next visit). */
export function setPublicSettings(settings: PublicSettingsDto): void {
  current = settings;
  fetched = true;
  applyTheme(settings);
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(settings));
  } catch {
    // Private browsing or a full store: the settings still apply to this page.
  }
  for (const listener of listeners) listener();
}

/** Reads the settings from the server; `fresh` asks past any cached copy (after a save). */
export function loadPublicSettings(fresh = false): Promise<void> {
  if (loading && !fresh) return loading;
  loading = fetch(PUBLIC_SETTINGS_PATH, { headers: { accept: 'application/json' }, credentials: 'same-origin', cache: fresh ? 'no-cache' : 'default' })
    .then(async (res) => {
      if (res.ok) setPublicSettings((await res.json()) as PublicSettingsDto);
    })
    .catch(() => {
      // Offline or the server is down: the remembered or default brand stays, and the server still enforces the limits.
    })
    .finally(() => {
      loading = null;
    });
  return loading;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const snapshot = () => current ?? DEFAULT_PUBLIC_SETTINGS;

/** The public settings, read from the server once per page load. */
export function usePublicSettings(): PublicSettingsDto {
  const settings = useSyncExternalStore(subscribe, snapshot, snapshot);
  useEffect(() => {
    if (!fetched && !loading) void loadPublicSettings();
  }, []);
  return settings;
}

current = remembered();
if (current) applyTheme(current);

/** For tests: forget what this page has read. */
export function resetPublicSettings(): void {
  current = null;
  fetched = false;
  loading = null;
}
