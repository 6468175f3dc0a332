import type { BookingSummaryDto, ClientStatsDto } from '@ops/shared/schemas/bookings';
import type { GuardDetailsDto, GuardListDto, OwnGuardProfileDto, PublicGuardDto, ReviewDto } from '@ops/shared/schemas/guards';
import type { NotificationDto, NotificationListDto } from '@ops/shared/schemas/notifications';

export function makeGuard(overrides: Partial<PublicGuardDto> = {}): PublicGuardDto {
  return {
    id: 'guard-1',
    displayName: 'Otieno Kamau',
    avatarUrl: null,
    specialization: 'Close protection',
    experienceYears: 8,
    approved: true,
    highRiskCertified: false,
    availability: true,
    rateHourly: 1500,
    averageRating: null,
    reviewCount: 0,
    ...overrides,
  };
}

export function makeGuardList(items: PublicGuardDto[], overrides: Partial<Omit<GuardListDto, 'items'>> = {}): GuardListDto {
  return { items, page: 1, pageSize: 12, total: items.length, ...overrides };
}

export function makeGuardDetails(overrides: Partial<GuardDetailsDto> = {}): GuardDetailsDto {
  return {
    ...makeGuard(),
    bio: 'Former VIP protection officer with ten years in Nairobi.',
    skills: ['First aid', 'Defensive driving'],
    rateHourly: 1200,
    rateDaily: 9600,
    ...overrides,
  };
}

export function makeReview(overrides: Partial<ReviewDto> = {}): ReviewDto {
  return {
    id: 'review-1',
    rating: 5,
    comment: 'Professional and punctual.',
    createdAt: '2026-11-22T22:30:00.000Z',
    reviewerName: 'Acme Ltd',
    ...overrides,
  };
}

export function makeOwnGuardProfile(overrides: Partial<OwnGuardProfileDto> = {}): OwnGuardProfileDto {
  return {
    bio: 'Ten years of close protection.',
    specialization: 'Close protection',
    experienceYears: 10,
    rateHourly: 1200,
    rateDaily: 9600,
    skills: ['First aid'],
    highRiskCertified: false,
    availability: true,
    approved: true,
    status: 'approved',
    rejectionReason: null,
    ...overrides,
  };
}

export function makeBooking(overrides: Partial<BookingSummaryDto> = {}): BookingSummaryDto {
  return {
    id: '3f0b9b8e-8d5c-4a57-9d8e-1c2b3a4d5e6f',
    reference: 'OPS-2026-0001',
    serviceType: 'personal',
    bookingType: 'hourly',
    shiftType: null,
    teamSize: 2,
    area: 'Karen',
    address: 'Karen Road 12',
    // 09:00 in Nairobi.
    startTime: '2026-11-22T06:00:00.000Z',
    endTime: '2026-11-22T12:00:00.000Z',
    durationHours: 6,
    price: 14400,
    status: 'confirmed',
    paymentStatus: 'paid',
    createdAt: '2026-11-20T08:00:00.000Z',
    guard: { profileId: 'guard-1', fullName: 'Otieno Kamau', avatarUrl: null },
    client: { profileId: 'profile-1', fullName: 'Jane Wanjiru', avatarUrl: null, isCompany: false, companyName: null, phone: null },
    canReview: false,
    refund: null,
    ...overrides,
  };
}

export function makeStats(overrides: Partial<ClientStatsDto> = {}): ClientStatsDto {
  return { totalBookings: 5, activeBookings: 2, completed: 3, totalSpent: 45600, ...overrides };
}

export function makeNotification(overrides: Partial<NotificationDto> = {}): NotificationDto {
  return {
    id: 'notification-1',
    type: 'booking_confirmed',
    message: 'Your booking OPS-2026-0001 is confirmed.',
    link: null,
    read: false,
    createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    ...overrides,
  };
}

export function makeNotificationList(items: NotificationDto[], unreadCount = items.filter((i) => !i.read).length): NotificationListDto {
  return { items, unreadCount };
}
