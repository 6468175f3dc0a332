import type { AdminGuardDetail, AdminOfficerPage, OfficerRow } from '@ops/shared/schemas/admin';
import { makeGuardRow } from './guard-fixtures.ts';

/** An officer in the onboarding list: a new guard (no reviews, no credentials yet) with every stage still to do. */
export function makeOfficer(overrides: Partial<OfficerRow> = {}): OfficerRow {
  return {
    ...makeGuardRow({
      profileId: 'officer-1',
      fullName: 'Peter Otieno',
      phone: '254712345678',
      averageRating: null,
      reviewCount: 0,
      credentialsValidUntil: null,
      createdAt: '2026-11-02T07:00:00.000Z',
    }),
    documentsVerified: false,
    reportedToOffice: false,
    passedAlcoholTest: false,
    signedContract: false,
    fitForDuty: false,
    onboardingComplete: false,
    badge: 'Pending',
    rejectionReason: null,
    ...overrides,
  };
}

export function makeOfficerPage(items: OfficerRow[], overrides: Partial<AdminOfficerPage> = {}): AdminOfficerPage {
  return {
    items,
    total: items.length,
    page: 1,
    pageSize: 25,
    counts: { pending: 3, onboarding: 2, ready: 1, rejected: 4 },
    ...overrides,
  };
}

export function makeOfficerDetail(overrides: Partial<AdminGuardDetail> = {}): AdminGuardDetail {
  const {
    badge: _badge,
    rejectionReason,
    documentsVerified,
    reportedToOffice,
    passedAlcoholTest,
    signedContract,
    fitForDuty,
    onboardingComplete,
    ...row
  } = makeOfficer();
  return {
    ...row,
    bio: 'Ten years with a private security firm in Westlands.',
    skills: ['First aid'],
    rateDaily: 12000,
    rejectionReason,
    onboarding: { documentsVerified, reportedToOffice, passedAlcoholTest, signedContract, fitForDuty, onboardingComplete },
    credentials: {
      psraLicenceNumber: 'PSRA/2026/0042',
      psraLicenceExpiresOn: '2027-06-30',
      policeClearanceIssuedOn: '2026-01-10',
      policeClearanceExpiresOn: '2027-01-10',
      statuses: [
        { credential: 'psra_licence', state: 'valid', expiresOn: '2027-06-30', daysLeft: 217 },
        { credential: 'police_clearance', state: 'valid', expiresOn: '2027-01-10', daysLeft: 46 },
      ],
      problem: null,
    },
    documents: [
      {
        id: 'doc-1',
        kind: 'psra_licence',
        originalName: 'licence.pdf',
        contentType: 'application/pdf',
        sizeBytes: 120_000,
        createdAt: '2026-11-02T08:00:00.000Z',
        url: '/api/guard-documents/doc-1',
      },
    ],
    ...overrides,
  };
}
