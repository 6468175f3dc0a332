/**
 * The twelve demo guards: every specialization, approved, pending and rejected, on and off duty.
 * Seven are Deployment Ready (approved, onboarding complete, fit for duty, credentials holding), the
 * guards clients find, book and the console staffs; Daniel and Mercy are still in onboarding.
 * Credentials: most hold for 6 to 24 months; Daniel's licence and Hassan's clearance expire within
 * 30 days and Mercy's clearance has expired (the console's 'Needs attention'; she cannot be made fit
 * for duty until it is renewed), and the guards under review hold valid ones, so approving them and
 * completing their onboarding lists them.
 */
import type { GuardStatus, Specialization } from '@ops/shared/constants';
import type { guards } from '../schema/guards.ts';
import { addDays, isoDate } from './demo-dates.ts';

type Onboarding = 'none' | 'documents' | 'partial' | 'complete';

export interface DemoGuard {
  fullName: string;
  phone: string;
  joinedDaysAgo: number;
  status: GuardStatus;
  rejectionReason?: string;
  onboarding: Onboarding;
  specialization: Specialization;
  experienceYears: number;
  /** Whole KES. */
  rateHourly: number;
  rateDaily: number | null;
  highRiskCertified: boolean;
  availability: boolean;
  bio: string;
  skills: string[];
  /** PSRA licence and police clearance (valid a year from issue), expiring this many days after the seed. */
  credentials: { licenceNumber: string; licenceExpiresInDays: number; clearanceExpiresInDays: number };
}

/** guard1@example.co.ke is DEMO_GUARDS[0], and so on. */
export const DEMO_GUARDS: DemoGuard[] = [
  {
    fullName: 'James Mwangi Kariuki',
    phone: '254722100201',
    credentials: { licenceNumber: 'PSRA/G/2024/001873', licenceExpiresInDays: 620, clearanceExpiresInDays: 280 },
    joinedDaysAgo: 410,
    status: 'approved',
    onboarding: 'complete',
    specialization: 'Close protection',
    experienceYears: 12,
    rateHourly: 2500,
    rateDaily: 18000,
    highRiskCertified: true,
    availability: true,
    bio: 'Former GSU officer with twelve years of close protection for diplomats and business leaders across Nairobi and Mombasa. Calm, discreet and trained in defensive driving.',
    skills: ['Close protection', 'Defensive driving', 'First aid', 'Threat assessment', 'Kiswahili', 'English'],
  },
  {
    fullName: 'Peter Otieno Ochieng',
    phone: '254722100202',
    credentials: { licenceNumber: 'PSRA/G/2025/004217', licenceExpiresInDays: 700, clearanceExpiresInDays: 330 },
    joinedDaysAgo: 300,
    status: 'approved',
    onboarding: 'complete',
    specialization: 'Guard',
    experienceYears: 5,
    rateHourly: 1200,
    rateDaily: 9000,
    highRiskCertified: false,
    availability: true,
    bio: 'Reliable residential and estate guard. Five years on gated communities in Lavington and Kileleshwa; knows access control and visitor logs inside out.',
    skills: ['Access control', 'Patrols', 'CCTV monitoring', 'Visitor management'],
  },
  {
    fullName: 'Grace Wanjiru Njoroge',
    phone: '254722100203',
    credentials: { licenceNumber: 'PSRA/G/2024/002954', licenceExpiresInDays: 450, clearanceExpiresInDays: 210 },
    joinedDaysAgo: 280,
    status: 'approved',
    onboarding: 'complete',
    specialization: 'Corporate security',
    experienceYears: 8,
    rateHourly: 1800,
    rateDaily: null,
    highRiskCertified: false,
    availability: true,
    bio: 'Corporate security supervisor who has run front-of-house and loss prevention for offices in Upper Hill and Westlands. Strong on procedures, reports and customer care.',
    skills: ['Loss prevention', 'Front desk security', 'Incident reporting', 'Fire marshal', 'Team supervision'],
  },
  {
    fullName: 'Samuel Kiprop Rotich',
    phone: '254722100204',
    credentials: { licenceNumber: 'PSRA/G/2023/000612', licenceExpiresInDays: 390, clearanceExpiresInDays: 250 },
    joinedDaysAgo: 500,
    status: 'approved',
    onboarding: 'complete',
    specialization: 'Motorcade security',
    experienceYears: 15,
    rateHourly: 3000,
    rateDaily: 22000,
    highRiskCertified: true,
    availability: true,
    bio: 'Fifteen years of motorcade and convoy work, including state functions and corporate delegations. Plans routes, alternates and safe havens before every movement.',
    skills: ['Convoy operations', 'Route planning', 'Advanced driving', 'Radio communications', 'Counter-surveillance'],
  },
  {
    fullName: 'Faith Akinyi Odhiambo',
    phone: '254722100205',
    credentials: { licenceNumber: 'PSRA/G/2025/003388', licenceExpiresInDays: 560, clearanceExpiresInDays: 190 },
    joinedDaysAgo: 190,
    status: 'approved',
    onboarding: 'complete',
    specialization: 'Event security (Bouncer)',
    experienceYears: 4,
    rateHourly: 1300,
    rateDaily: 10000,
    highRiskCertified: false,
    availability: true,
    bio: 'Event and venue security for concerts, weddings and corporate launches at KICC, Carnivore and private gardens in Karen. Firm but friendly at the door.',
    skills: ['Crowd management', 'Bag searches', 'Conflict de-escalation', 'VIP entrances'],
  },
  {
    fullName: 'Daniel Mutua Musyoka',
    phone: '254722100206',
    credentials: { licenceNumber: 'PSRA/G/2024/002140', licenceExpiresInDays: 12, clearanceExpiresInDays: 240 },
    joinedDaysAgo: 350,
    status: 'approved',
    onboarding: 'documents',
    specialization: 'Private investigator',
    experienceYears: 10,
    rateHourly: 3500,
    rateDaily: null,
    highRiskCertified: false,
    availability: false,
    bio: 'Former DCI detective offering due diligence, background checks and discreet surveillance for companies and families. Currently on a long assignment.',
    skills: ['Surveillance', 'Background checks', 'Interviewing', 'Report writing', 'Fraud investigation'],
  },
  {
    fullName: 'Hassan Abdi Mohamed',
    phone: '254722100207',
    credentials: { licenceNumber: 'PSRA/G/2024/001507', licenceExpiresInDays: 480, clearanceExpiresInDays: 27 },
    joinedDaysAgo: 620,
    status: 'approved',
    onboarding: 'complete',
    specialization: 'Close protection',
    experienceYears: 20,
    rateHourly: 3200,
    rateDaily: 24000,
    highRiskCertified: true,
    availability: true,
    bio: 'Twenty years of protective details for executives and visiting dignitaries, including high-risk travel to the North Eastern region. Speaks Somali, Kiswahili and English.',
    skills: ['Executive protection', 'High-risk travel', 'Firearms handling', 'Emergency medical care', 'Somali'],
  },
  {
    fullName: 'Mercy Chebet Langat',
    phone: '254722100208',
    credentials: { licenceNumber: 'PSRA/G/2023/000988', licenceExpiresInDays: 300, clearanceExpiresInDays: -9 },
    joinedDaysAgo: 120,
    status: 'approved',
    onboarding: 'partial',
    specialization: 'Guard',
    experienceYears: 2,
    rateHourly: 1000,
    rateDaily: null,
    highRiskCertified: false,
    availability: false,
    bio: 'Guard for homes and small businesses in Kilimani and Riverside. Punctual, observant and completing the academy’s Basic Security Guard refresher.',
    skills: ['Patrols', 'Access control', 'First aid'],
  },
  {
    fullName: 'Brian Kamau Githinji',
    phone: '254722100209',
    credentials: { licenceNumber: 'PSRA/G/2025/005102', licenceExpiresInDays: 680, clearanceExpiresInDays: 320 },
    joinedDaysAgo: 160,
    status: 'approved',
    onboarding: 'complete',
    specialization: 'Event security (Bouncer)',
    experienceYears: 6,
    rateHourly: 1500,
    rateDaily: 11000,
    highRiskCertified: false,
    availability: true,
    bio: 'Head of door teams for clubs in Westlands and for large outdoor events. Leads teams of up to ten and keeps queues moving safely.',
    skills: ['Door supervision', 'Crowd control', 'Team leadership', 'Metal detector screening'],
  },
  {
    fullName: 'Joseph Njoroge Wainaina',
    phone: '254722100210',
    credentials: { licenceNumber: 'PSRA/G/2025/006741', licenceExpiresInDays: 710, clearanceExpiresInDays: 350 },
    joinedDaysAgo: 3,
    status: 'pending',
    onboarding: 'none',
    specialization: 'Corporate security',
    experienceYears: 3,
    rateHourly: 1400,
    rateDaily: null,
    highRiskCertified: false,
    availability: true,
    bio: 'Bank branch security officer looking for corporate assignments around the CBD and Upper Hill.',
    skills: ['Cash-in-transit escort', 'Access control', 'CCTV monitoring'],
  },
  {
    fullName: 'Collins Wekesa Barasa',
    phone: '254722100211',
    credentials: { licenceNumber: 'PSRA/G/2025/006905', licenceExpiresInDays: 725, clearanceExpiresInDays: 360 },
    joinedDaysAgo: 1,
    status: 'pending_approval',
    onboarding: 'none',
    specialization: 'Guard',
    experienceYears: 1,
    rateHourly: 1000,
    rateDaily: 7500,
    highRiskCertified: false,
    availability: true,
    bio: 'Recently certified guard from Bungoma, now based in Nairobi, ready for day and night shifts.',
    skills: ['Patrols', 'Gate duty'],
  },
  {
    fullName: 'Kevin Omondi Owino',
    phone: '254722100212',
    credentials: { licenceNumber: 'PSRA/G/2023/000431', licenceExpiresInDays: 400, clearanceExpiresInDays: -20 },
    joinedDaysAgo: 20,
    status: 'rejected',
    rejectionReason: 'The police clearance certificate has expired. Please upload a current Certificate of Good Conduct and apply again.',
    onboarding: 'none',
    specialization: 'Motorcade security',
    experienceYears: 7,
    rateHourly: 2800,
    rateDaily: 20000,
    highRiskCertified: true,
    availability: false,
    bio: 'Convoy driver and escort with seven years on corporate and NGO movements.',
    skills: ['Advanced driving', 'Convoy operations', 'Vehicle checks'],
  },
];

const ONBOARDING_FLAGS: Record<Onboarding, number> = { none: 0, documents: 1, partial: 3, complete: 6 };

function onboardingFlags(level: Onboarding) {
  const done = ONBOARDING_FLAGS[level];
  return {
    documentsVerified: done >= 1,
    reportedToOffice: done >= 2,
    passedAlcoholTest: done >= 3,
    signedContract: done >= 4,
    fitForDuty: done >= 5,
    onboardingComplete: done >= 6,
  };
}

function credentialColumns(c: DemoGuard['credentials'], now: Date) {
  return {
    psraLicenceNumber: c.licenceNumber,
    psraLicenceExpiresOn: isoDate(addDays(now, c.licenceExpiresInDays)),
    policeClearanceIssuedOn: isoDate(addDays(now, c.clearanceExpiresInDays - 365)),
    policeClearanceExpiresOn: isoDate(addDays(now, c.clearanceExpiresInDays)),
  };
}

export function guardRow(guard: DemoGuard, profileId: string, now: Date): typeof guards.$inferInsert {
  const joined = addDays(now, -guard.joinedDaysAgo);
  const approved = guard.status === 'approved';
  return {
    profileId,
    approved,
    status: guard.status,
    rejectionReason: guard.rejectionReason ?? null,
    specialization: guard.specialization,
    experienceYears: guard.experienceYears,
    availability: guard.availability,
    highRiskCertified: guard.highRiskCertified,
    bio: guard.bio,
    skills: guard.skills,
    rateHourly: guard.rateHourly,
    rateDaily: guard.rateDaily,
    ...onboardingFlags(guard.onboarding),
    ...credentialColumns(guard.credentials, now),
    approvedAt: approved ? addDays(joined, 2) : null,
    createdAt: joined,
    updatedAt: approved ? addDays(joined, 2) : joined,
  };
}
