import { describe, expect, it } from 'vitest';
import { resetPasswordInput, signUpInput } from './auth.ts';

const valid = {
  fullName: ' Amina Hassan ',
  email: ' Amina@Example.CO.KE ',
  password: 'Kilimani-2026',
  confirmPassword: 'Kilimani-2026',
  phone: '0712 345 678',
  role: 'client',
  isCompany: false,
  acceptPrivacyNotice: true,
};

const errorsOf = (input: unknown) => {
  const result = signUpInput.safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('signUpInput', () => {
  it('trims, lower-cases the e-mail and normalises the phone', () => {
    expect(signUpInput.parse(valid)).toEqual({
      fullName: 'Amina Hassan',
      email: 'amina@example.co.ke',
      password: 'Kilimani-2026',
      phone: '254712345678',
      role: 'client',
      isCompany: false,
      companyName: null,
      acceptPrivacyNotice: true,
      redirect: '/',
    });
  });

  it.each([
    ['/guard/5d0c2a8e-0000-4000-8000-000000000000', '/guard/5d0c2a8e-0000-4000-8000-000000000000'],
    ['/booking?guardId=abc', '/booking?guardId=abc'],
    ['//evil.example', '/'],
    ['https://evil.example', '/'],
  ])('keeps the page to return to, %j, only when it is on this site', (redirect, kept) => {
    expect(signUpInput.parse({ ...valid, redirect }).redirect).toBe(kept);
  });

  it.each([[false], [undefined], ['yes']])('requires agreement to the privacy notice (%j refused)', (acceptPrivacyNotice) => {
    expect(errorsOf({ ...valid, acceptPrivacyNotice })).toEqual({
      acceptPrivacyNotice: 'Please agree to the privacy notice to create an account',
    });
  });

  it('treats a blank phone as none', () => {
    expect(signUpInput.parse({ ...valid, phone: '  ' }).phone).toBeNull();
  });

  it.each(['admin', 'partner', 'student', ''])('refuses the role %j', (role) => {
    expect(Object.keys(errorsOf({ ...valid, role }))).toEqual(['role']);
  });

  it('says when the passwords do not match', () => {
    expect(errorsOf({ ...valid, confirmPassword: 'other-password' })).toEqual({ confirmPassword: 'Passwords do not match' });
  });

  it('requires the company name of a company client', () => {
    expect(errorsOf({ ...valid, isCompany: true })).toEqual({ companyName: 'Company name is required' });
    expect(signUpInput.parse({ ...valid, isCompany: true, companyName: ' Kilimani Heights Ltd ' })).toMatchObject({
      isCompany: true,
      companyName: 'Kilimani Heights Ltd',
    });
  });

  it('never makes a guard a company account', () => {
    expect(signUpInput.parse({ ...valid, role: 'guard', isCompany: true, companyName: 'X Ltd' })).toMatchObject({
      role: 'guard',
      isCompany: false,
      companyName: null,
    });
  });

  it('drops the company name of a personal account', () => {
    expect(signUpInput.parse({ ...valid, companyName: 'X Ltd' }).companyName).toBeNull();
  });

  it.each([
    ['fullName', { fullName: '  ' }, 'Full name is required'],
    ['email', { email: 'not-an-email' }, 'Enter a valid e-mail address'],
    ['password', { password: 'short', confirmPassword: 'short' }, 'Password must be at least 8 characters'],
    ['phone', { phone: '0812 345 678' }, 'Enter a Kenyan phone number such as 0712 345 678, 0110 123 456 or +254 712 345 678'],
  ])('explains a bad %s', (field, overrides, message) => {
    expect(errorsOf({ ...valid, ...overrides })[field]).toBe(message);
  });
});

describe('resetPasswordInput', () => {
  it('needs matching passwords and a token', () => {
    expect(resetPasswordInput.safeParse({ token: 't', password: 'Brand-New-7', confirmPassword: 'Brand-New-7' }).success).toBe(true);
    expect(resetPasswordInput.safeParse({ token: 't', password: 'Brand-New-7', confirmPassword: 'Brand-New-8' }).success).toBe(false);
    expect(resetPasswordInput.safeParse({ token: '', password: 'Brand-New-7', confirmPassword: 'Brand-New-7' }).success).toBe(false);
  });
});
