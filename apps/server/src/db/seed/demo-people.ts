/**
 * The demo accounts of the README: users with a password, a confirmed e-mail, a profile, and their
 * agreement to the privacy notice, given when they joined (as sign-up records it).
 */
import { hashPassword } from 'better-auth/crypto';
import { PRIVACY_NOTICE_VERSION, type Role } from '@ops/shared/constants';
import type { Transaction } from '../client.ts';
import { accounts, users } from '../schema/auth.ts';
import { privacyConsents } from '../schema/consents.ts';
import { guards } from '../schema/guards.ts';
import { profiles } from '../schema/profiles.ts';
import { addDays } from './demo-dates.ts';
import { DEMO_GUARDS, guardRow } from './demo-guards.ts';

export const DEMO_PASSWORDS = {
  admin: 'Admin#2026!',
  partner: 'Partner#2026!',
  client: 'Client#2026!',
  company: 'Company#2026!',
  student: 'Student#2026!',
  guard: 'Guard#2026!',
} as const;

type PasswordKey = keyof typeof DEMO_PASSWORDS;

interface DemoAccount {
  email: string;
  password: PasswordKey;
  role: Role;
  fullName: string;
  phone: string | null;
  companyName?: string;
  joinedDaysAgo: number;
}

export const DEMO_ACCOUNTS = {
  admin: {
    email: 'admin@opssecurity.co.ke',
    password: 'admin',
    role: 'admin',
    fullName: 'Esther Wairimu Ndungu',
    phone: '254700100100',
    joinedDaysAgo: 700,
  },
  partner: {
    email: 'partner@ebssa.co.ke',
    password: 'partner',
    role: 'partner',
    fullName: 'Paul Kimani Gachanja',
    phone: '254733200300',
    joinedDaysAgo: 365,
  },
  client: { email: 'client@example.co.ke', password: 'client', role: 'client', fullName: 'Njeri Wambui Kamau', phone: '254712345678', joinedDaysAgo: 90 },
  company: {
    email: 'company@example.co.ke',
    password: 'company',
    role: 'client',
    fullName: 'David Ouma Onyango',
    phone: '254722456789',
    companyName: 'Kilimani Heights Ltd',
    joinedDaysAgo: 150,
  },
  student: {
    email: 'student@example.co.ke',
    password: 'student',
    role: 'client',
    fullName: 'Lucy Atieno Odera',
    phone: '254711223344',
    joinedDaysAgo: 40,
  },
} satisfies Record<string, DemoAccount>;

export const guardEmail = (n: number): string => `guard${n}@example.co.ke`;

/** Profile ids of the demo people; guards[0] is guard1. */
export interface DemoProfiles {
  admin: string;
  partner: string;
  client: string;
  company: string;
  student: string;
  guards: string[];
}

export type PasswordHashes = Record<PasswordKey, string>;

/** Hashing is deliberately slow: each distinct password once, outside the transaction. */
export async function hashDemoPasswords(): Promise<PasswordHashes> {
  const keys = Object.keys(DEMO_PASSWORDS) as PasswordKey[];
  const hashes = await Promise.all(keys.map((key) => hashPassword(DEMO_PASSWORDS[key])));
  return Object.fromEntries(keys.map((key, i) => [key, hashes[i]])) as PasswordHashes;
}

async function insertAccount(tx: Transaction, account: DemoAccount, hashes: PasswordHashes, now: Date): Promise<string> {
  const userId = crypto.randomUUID();
  const joined = addDays(now, -account.joinedDaysAgo);
  await tx.insert(users).values({
    id: userId,
    name: account.fullName,
    email: account.email,
    emailVerified: true,
    createdAt: joined,
    updatedAt: joined,
  });
  await tx.insert(accounts).values({
    id: crypto.randomUUID(),
    accountId: userId,
    providerId: 'credential',
    userId,
    password: hashes[account.password],
    createdAt: joined,
    updatedAt: joined,
  });
  await tx.insert(privacyConsents).values({ userId, noticeVersion: PRIVACY_NOTICE_VERSION, acceptedAt: joined });
  const [profile] = await tx
    .insert(profiles)
    .values({
      userId,
      role: account.role,
      fullName: account.fullName,
      phone: account.phone,
      isCompany: account.companyName !== undefined,
      companyName: account.companyName ?? null,
      createdAt: joined,
      updatedAt: joined,
    })
    .returning({ id: profiles.id });
  if (!profile) throw new Error(`demo profile for ${account.email} not created`);
  return profile.id;
}

export async function insertPeople(tx: Transaction, hashes: PasswordHashes, now: Date): Promise<DemoProfiles> {
  const admin = await insertAccount(tx, DEMO_ACCOUNTS.admin, hashes, now);
  const partner = await insertAccount(tx, DEMO_ACCOUNTS.partner, hashes, now);
  const client = await insertAccount(tx, DEMO_ACCOUNTS.client, hashes, now);
  const company = await insertAccount(tx, DEMO_ACCOUNTS.company, hashes, now);
  const student = await insertAccount(tx, DEMO_ACCOUNTS.student, hashes, now);

  const guardProfiles: string[] = [];
  for (const [i, guard] of DEMO_GUARDS.entries()) {
    const profileId = await insertAccount(
      tx,
      { email: guardEmail(i + 1), password: 'guard', role: 'guard', fullName: guard.fullName, phone: guard.phone, joinedDaysAgo: guard.joinedDaysAgo },
      hashes,
      now,
    );
    await tx.insert(guards).values(guardRow(guard, profileId, now));
    guardProfiles.push(profileId);
  }
  return { admin, partner, client, company, student, guards: guardProfiles };
}
