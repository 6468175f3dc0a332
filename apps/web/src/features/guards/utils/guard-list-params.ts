import { GUARD_PAGE_MAX, GUARD_SORTS, SPECIALIZATIONS, type GuardSort, type Specialization } from '@ops/shared/constants';
import type { GuardListRequest } from '../api/get-guards.ts';

/** What the guard list shows, as kept in the address bar so it can be shared and survives a reload. */
export interface GuardFilters {
  specialization: Specialization | null;
  available: boolean;
  highRisk: boolean;
  /** Only guards with a valid academy certificate. */
  certified: boolean;
  sort: GuardSort;
  page: number;
}

export const DEFAULT_SORT: GuardSort = 'rating';
/** Twelve cards fill one, two, three or four columns evenly and keep a phone's scroll short. */
export const GUARD_LIST_PAGE_SIZE = 12;

const isSpecialization = (value: string | null): value is Specialization => SPECIALIZATIONS.some((s) => s === value);
const isSort = (value: string | null): value is GuardSort => GUARD_SORTS.some((s) => s === value);

/** Reads the filters from the address; anything unknown or malformed falls back to the default. */
export function readGuardFilters(params: URLSearchParams): GuardFilters {
  const specialization = params.get('specialization');
  const sort = params.get('sort');
  const page = Number(params.get('page'));
  return {
    specialization: isSpecialization(specialization) ? specialization : null,
    available: params.get('available') === 'true',
    highRisk: params.get('highRisk') === 'true',
    certified: params.get('certified') === 'true',
    sort: isSort(sort) ? sort : DEFAULT_SORT,
    page: Number.isInteger(page) && page >= 1 && page <= GUARD_PAGE_MAX ? page : 1,
  };
}

/**
 * The address after a change. Defaults are left out so links stay short, other parameters are kept,
 * and any change other than the page goes back to page 1 (the old page may no longer exist).
 */
export function writeGuardFilters(params: URLSearchParams, changes: Partial<GuardFilters>): URLSearchParams {
  const next = { ...readGuardFilters(params), ...changes };
  if (!('page' in changes)) next.page = 1;
  const result = new URLSearchParams(params);
  const put = (key: string, value: string | null) => (value === null ? result.delete(key) : result.set(key, value));
  put('specialization', next.specialization);
  put('available', next.available ? 'true' : null);
  put('highRisk', next.highRisk ? 'true' : null);
  put('certified', next.certified ? 'true' : null);
  put('sort', next.sort === DEFAULT_SORT ? null : next.sort);
  put('page', next.page === 1 ? null : String(next.page));
  return result;
}

export function toGuardListRequest(filters: GuardFilters): GuardListRequest {
  return {
    ...(filters.specialization ? { specialization: filters.specialization } : {}),
    ...(filters.available ? { available: true } : {}),
    ...(filters.highRisk ? { highRisk: true } : {}),
    ...(filters.certified ? { certified: true } : {}),
    sort: filters.sort,
    page: filters.page,
    pageSize: GUARD_LIST_PAGE_SIZE,
  };
}

export const hasActiveFilters = (filters: GuardFilters): boolean =>
  Boolean(filters.specialization) || filters.available || filters.highRisk || filters.certified;
