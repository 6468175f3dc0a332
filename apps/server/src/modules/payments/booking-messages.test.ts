import { describe, expect, it } from 'vitest';
import { bookingCalendarInvite } from './booking-calendar.ts';
import { bookingConfirmationEmail, bookingConfirmedMessage, bookingConfirmedSms } from './booking-messages.ts';
import type { BookingSummary } from './payment-bookings.repo.ts';

const base: BookingSummary = {
  id: '0b7d3c1e-2222-4222-8222-222222222222',
  reference: 'OPS-QW3RT8',
  status: 'confirmed',
  paymentStatus: 'paid',
  cancelledBy: null,
  serviceType: 'personal',
  bookingType: 'hourly',
  shiftType: null,
  teamSize: 1,
  area: 'Karen',
  address: '12 Karen Road',
  notes: null,
  startTime: new Date('2026-03-14T06:00:00Z'),
  endTime: new Date('2026-03-14T14:00:00Z'),
  durationHours: 8,
  price: 9_600,
  calendarSequence: 0,
  clientProfileId: 'c',
  clientName: 'Njeri Kamau',
  clientCompanyName: null,
  clientPhone: '254712345678',
  clientEmail: 'njeri@example.co.ke',
  guardProfileId: 'g',
  guardName: 'Otieno Juma',
};

describe('messages about a booking whose area is Other', () => {
  const other = { ...base, area: 'Other', address: 'Upper Hill, Ragati Road' };

  it('give the specific location the client typed, in the SMS, the e-mail, the invitation and the bell', () => {
    expect(bookingConfirmedSms(other)).toContain(', Upper Hill, Ragati Road. Paid KES 9,600.');
    const mail = bookingConfirmationEmail(other, 'https://ops.example.co.ke', new Date('2026-03-10T09:00:00Z'));
    expect(mail.text).toContain('Where: Upper Hill, Ragati Road\n');
    expect(mail.html).toContain('Upper Hill, Ragati Road');
    expect(String(mail.attachments?.[0]?.content)).toContain('LOCATION:Upper Hill\\, Ragati Road\r\n');
    expect(bookingConfirmedMessage(other)).toContain(' · Upper Hill, Ragati Road · ');
    for (const text of [bookingConfirmedSms(other), mail.text, bookingConfirmedMessage(other)]) expect(text).not.toMatch(/\bOther\b/);
  });

  it('keep a named area as it was', () => {
    expect(bookingConfirmedSms(base)).toContain(', Karen. Paid KES 9,600.');
    expect(bookingConfirmationEmail(base, 'https://ops.example.co.ke', new Date()).text).toContain('Where: 12 Karen Road, Karen\n');
  });
});

describe('what a booking is called in its messages', () => {
  it('names a booking without a service type by its booking type, never as a Personal Guard', () => {
    const plain = { ...base, serviceType: null };
    const mail = bookingConfirmationEmail(plain, 'https://ops.example.co.ke', new Date());
    expect(bookingConfirmedSms(plain)).toContain('is confirmed. Hourly booking, 1 guard,');
    expect(mail.text).toContain('Service: Hourly booking, 1 guard (hourly)');
    expect(bookingCalendarInvite(plain, 'https://ops.example.co.ke', new Date())).toContain('SUMMARY:OPS Security: Hourly booking (OPS-QW3RT8)');
    expect(bookingConfirmedMessage(plain)).toContain('Hourly booking, 1 guard, hourly');
    for (const text of [bookingConfirmedSms(plain), mail.text, mail.html, bookingConfirmedMessage(plain)]) expect(text).not.toContain('Personal Guard');
  });

  it('gives a night shift as nights with its times', () => {
    const night = {
      ...base,
      serviceType: 'event' as const,
      bookingType: 'daily' as const,
      shiftType: 'night' as const,
      durationHours: 12,
      startTime: new Date('2026-03-14T15:00:00Z'),
      endTime: new Date('2026-03-15T03:00:00Z'),
    };
    expect(bookingConfirmationEmail(night, 'https://ops.example.co.ke', new Date()).text).toContain('Duration: 1 night, 18:00–06:00');
    expect(bookingConfirmedMessage(night)).toContain(' · 1 night, 18:00–06:00 · ');
  });
});
