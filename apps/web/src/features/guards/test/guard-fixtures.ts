import type { AdminGuardDetail, AdminGuardRow } from '@ops/shared/schemas/admin';

export function makeGuardRow(overrides: Partial<AdminGuardRow> = {}): AdminGuardRow {
  return {
    profileId: '5d7c2f4e-0000-4000-8000-000000000001',
    fullName: 'Peter Wanyama',
    email: 'peter@example.co.ke',
    phone: '254711000111',
    avatarUrl: null,
    specialization: 'Close protection',
    experienceYears: 6,
    rateHourly: 1500,
    status: 'pending',
    approved: false,
    availability: true,
    averageRating: 4.5,
    reviewCount: 12,
    credentialsValidUntil: '2099-06-30',
    createdAt: '2026-11-01T07:00:00.000Z',
    ...overrides,
  };
}

export function makeGuardDetail(overrides: Partial<AdminGuardDetail> = {}): AdminGuardDetail {
  return {
    ...makeGuardRow(),
    bio: 'Former police officer, ten years in VIP protection.',
    skills: ['First aid', 'Defensive driving'],
    rateDaily: 12000,
    rejectionReason: null,
    onboarding: {
      documentsVerified: true,
      reportedToOffice: false,
      passedAlcoholTest: false,
      signedContract: false,
      fitForDuty: false,
      onboardingComplete: false,
    },
    credentials: {
      psraLicenceNumber: 'PSRA/123',
      psraLicenceExpiresOn: '2099-06-30',
      policeClearanceIssuedOn: '2026-01-10',
      policeClearanceExpiresOn: '2099-12-31',
      statuses: [
        { credential: 'psra_licence', state: 'valid', expiresOn: '2099-06-30', daysLeft: 1000 },
        { credential: 'police_clearance', state: 'valid', expiresOn: '2099-12-31', daysLeft: 1100 },
      ],
      problem: null,
    },
    documents: [
      {
        id: 'doc-1',
        kind: 'cv',
        originalName: 'peter-cv.pdf',
        contentType: 'application/pdf',
        sizeBytes: 120_000,
        createdAt: '2026-11-02T08:00:00.000Z',
        url: '/api/guard-documents/doc-1',
      },
    ],
    ...overrides,
  };
}
