/**
 * A few notifications for each kind of person, some read and some not, all from the last few days
 * before the seed's `now` (a fresh install's bell never starts weeks old). A notice about a
 * booking leads to that booking on the dashboard.
 */
import { inArray } from 'drizzle-orm';
import type { NOTIFICATION_TYPES } from '@ops/shared/constants';
import type { Transaction } from '../client.ts';
import { bookings } from '../schema/bookings.ts';
import { notifications } from '../schema/notifications.ts';
import { addDays, addHours, addMinutes } from './demo-dates.ts';
import type { DemoProfiles } from './demo-people.ts';

interface DemoNotification {
  to: (people: DemoProfiles) => string | undefined;
  type: (typeof NOTIFICATION_TYPES)[number];
  message: string;
  /** Where it leads; a booking's reference leads to that booking on the dashboard. */
  link: string | { booking: string } | null;
  read: boolean;
  /** How long before `now` it was sent. */
  age: (now: Date) => Date;
}

const guard = (n: number) => (people: DemoProfiles) => people.guards[n - 1];

const DEMO_NOTIFICATIONS: DemoNotification[] = [
  // The private client.
  {
    to: (p) => p.client,
    type: 'system',
    message: 'Welcome to OPS Security! Browse vetted guards and book in minutes.',
    link: '/guards',
    read: true,
    age: (now) => addDays(now, -6),
  },
  {
    to: (p) => p.client,
    type: 'booking_confirmed',
    message: 'Your booking OPS-C9P3LF with Samuel Kiprop Rotich is confirmed.',
    link: { booking: 'OPS-C9P3LF' },
    read: true,
    age: (now) => addDays(now, -2),
  },
  {
    to: (p) => p.client,
    type: 'payment',
    message: 'Your M-Pesa payment for booking OPS-M4T8XV did not go through. You can try again from your dashboard.',
    link: { booking: 'OPS-M4T8XV' },
    read: false,
    age: (now) => addMinutes(now, -9),
  },
  {
    to: (p) => p.client,
    type: 'booking',
    message: 'Booking OPS-7K3Q9D is waiting for payment. The slot is held for 30 minutes.',
    link: { booking: 'OPS-7K3Q9D' },
    read: false,
    age: (now) => addMinutes(now, -5),
  },
  // The company client.
  {
    to: (p) => p.company,
    type: 'booking_confirmed',
    message: 'Your booking OPS-R2W6HN for a team of 3 guards is confirmed.',
    link: { booking: 'OPS-R2W6HN' },
    read: true,
    age: (now) => addDays(now, -2),
  },
  {
    to: (p) => p.company,
    type: 'booking_confirmed',
    message: 'Your booking OPS-Y5D2KB for a team of 4 guards is confirmed.',
    link: { booking: 'OPS-Y5D2KB' },
    read: false,
    age: (now) => addDays(now, -2),
  },
  {
    to: (p) => p.company,
    type: 'payment',
    message: 'KES 45,600 (95% of KES 48,000) for cancelled booking OPS-P9C5KT has been refunded to your M-Pesa.',
    link: { booking: 'OPS-P9C5KT' },
    read: false,
    age: (now) => addDays(now, -1),
  },
  // Guards.
  {
    to: guard(1),
    type: 'approval',
    message: 'Congratulations! Your guard profile has been approved.',
    link: '/profile',
    read: true,
    age: (now) => addDays(now, -5),
  },
  {
    to: guard(1),
    type: 'booking',
    message: 'New booking request OPS-7K3Q9D in Karen, awaiting the client’s payment.',
    link: { booking: 'OPS-7K3Q9D' },
    read: false,
    age: (now) => addMinutes(now, -5),
  },
  {
    to: guard(3),
    type: 'booking',
    message: 'You have been booked: OPS-R2W6HN, Kilimani, 2 days with a team of 3.',
    link: { booking: 'OPS-R2W6HN' },
    read: true,
    age: (now) => addDays(now, -2),
  },
  {
    to: guard(4),
    type: 'booking',
    message: 'You have been booked: OPS-C9P3LF, Muthaiga, 10 hours.',
    link: { booking: 'OPS-C9P3LF' },
    read: false,
    age: (now) => addDays(now, -2),
  },
  {
    to: guard(4),
    type: 'booking',
    message: 'Booking OPS-P9C5KT in Rosslyn was cancelled by the client.',
    link: { booking: 'OPS-P9C5KT' },
    read: false,
    age: (now) => addDays(now, -1),
  },
  {
    to: guard(9),
    type: 'booking',
    message: 'You have been booked: OPS-Y5D2KB, Westlands, 6 hours with a team of 4.',
    link: { booking: 'OPS-Y5D2KB' },
    read: false,
    age: (now) => addDays(now, -2),
  },
  {
    to: guard(10),
    type: 'system',
    message: 'Thank you for applying. Our team is reviewing your documents.',
    link: '/profile',
    read: false,
    age: (now) => addDays(now, -3),
  },
  {
    to: guard(12),
    type: 'rejection',
    message: 'Your application was not approved: the police clearance certificate has expired.',
    link: '/profile',
    read: false,
    age: (now) => addDays(now, -2),
  },
  // Operators.
  {
    to: (p) => p.admin,
    type: 'booking',
    message: 'New paid booking OPS-Y5D2KB from Kilimani Heights Ltd.',
    link: '/admin',
    read: true,
    age: (now) => addDays(now, -2),
  },
  {
    to: (p) => p.admin,
    type: 'payment',
    message: 'Refund of KES 45,600 sent for booking OPS-P9C5KT.',
    link: '/admin',
    read: false,
    age: (now) => addDays(now, -1),
  },
  {
    to: (p) => p.admin,
    type: 'approval',
    message: 'Two guard applications are waiting for review.',
    link: '/admin',
    read: false,
    age: (now) => addHours(now, -20),
  },
  {
    to: (p) => p.partner,
    type: 'system',
    message: 'New cohorts are ready for your EBSSA audit.',
    link: '/partner-dashboard',
    read: false,
    age: (now) => addDays(now, -4),
  },
  // The student.
  {
    to: (p) => p.student,
    type: 'payment',
    message: 'Payment of KES 150,000 received. You are enrolled in Certified Protection Officer.',
    link: '/student-dashboard',
    read: true,
    age: (now) => addDays(now, -5),
  },
  {
    to: (p) => p.student,
    type: 'system',
    message: 'Event Security: please pay at our Westlands office by the deadline to keep your place.',
    link: '/student-dashboard',
    read: false,
    age: (now) => addDays(now, -1),
  },
];

/** The oldest a demo notice may be: a few days, as on a service that has just opened. */
export const DEMO_NOTICE_MAX_AGE_DAYS = 7;

export async function insertNotifications(tx: Transaction, people: DemoProfiles, now: Date): Promise<void> {
  const references = DEMO_NOTIFICATIONS.flatMap((n) => (n.link && typeof n.link === 'object' ? [n.link.booking] : []));
  const found = await tx.select({ id: bookings.id, reference: bookings.reference }).from(bookings).where(inArray(bookings.reference, references));
  const idOf = new Map(found.map((b) => [b.reference, b.id]));
  const rows = DEMO_NOTIFICATIONS.map((n) => {
    const profileId = n.to(people);
    if (!profileId) throw new Error(`demo notification without recipient: ${n.message}`);
    let link = n.link;
    if (link && typeof link === 'object') {
      const id = idOf.get(link.booking);
      if (!id) throw new Error(`demo notification about unknown booking ${link.booking}`);
      link = `/dashboard?booking=${id}`;
    }
    return { profileId, type: n.type, message: n.message, link, read: n.read, createdAt: n.age(now) };
  });
  await tx.insert(notifications).values(rows);
}
