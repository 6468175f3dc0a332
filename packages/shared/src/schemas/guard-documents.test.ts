import { describe, expect, it } from 'vitest';
import { guardCredentialsInputOn, guardDocumentUploadFields } from './guard-documents.ts';

const TODAY = '2026-11-25';
const schema = guardCredentialsInputOn(TODAY);
const valid = {
  psraLicenceNumber: 'PSRA/2024-00123',
  psraLicenceExpiresOn: '2027-06-30',
  policeClearanceIssuedOn: '2026-01-15',
  policeClearanceExpiresOn: '2027-01-14',
};

const errorsOf = (input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('guardCredentialsInputOn', () => {
  it('trims the licence number and keeps the dates', () => {
    expect(schema.parse({ ...valid, psraLicenceNumber: '  psra/2024-00123 ' })).toEqual({ ...valid, psraLicenceNumber: 'psra/2024-00123' });
  });

  it('reads empty boxes as "not recorded"', () => {
    expect(schema.parse({ psraLicenceNumber: ' ', psraLicenceExpiresOn: '', policeClearanceIssuedOn: null, policeClearanceExpiresOn: '' })).toEqual({
      psraLicenceNumber: null,
      psraLicenceExpiresOn: null,
      policeClearanceIssuedOn: null,
      policeClearanceExpiresOn: null,
    });
  });

  it.each([
    [{ psraLicenceNumber: 'AB' }, { psraLicenceNumber: 'The PSRA licence number has at least 3 characters' }],
    [{ psraLicenceNumber: 'A'.repeat(41) }, { psraLicenceNumber: 'The PSRA licence number has at most 40 characters' }],
    [{ psraLicenceNumber: 'PSRA 123' }, { psraLicenceNumber: 'Use only letters, digits, / and - in the PSRA licence number' }],
    [{ psraLicenceExpiresOn: '30/06/2027' }, { psraLicenceExpiresOn: 'Enter the licence expiry date as YYYY-MM-DD' }],
    [{ psraLicenceExpiresOn: '2027-02-29' }, { psraLicenceExpiresOn: 'Enter the licence expiry date as YYYY-MM-DD' }],
    [{ psraLicenceExpiresOn: null }, { psraLicenceExpiresOn: 'Enter the date your PSRA licence expires' }],
    [{ psraLicenceNumber: null }, { psraLicenceNumber: 'Enter the PSRA licence number' }],
    [{ policeClearanceIssuedOn: '2026-11-26' }, { policeClearanceIssuedOn: 'The issue date cannot be in the future' }],
    [{ policeClearanceExpiresOn: '2026-01-14' }, { policeClearanceExpiresOn: 'The expiry date cannot be before the issue date' }],
    [{ policeClearanceExpiresOn: null }, { policeClearanceExpiresOn: 'Enter the date your police clearance expires' }],
    [{ policeClearanceIssuedOn: '' }, { policeClearanceIssuedOn: 'Enter the date your police clearance was issued' }],
  ])('refuses %j', (change, errors) => {
    expect(errorsOf({ ...valid, ...change })).toEqual(errors);
  });

  it('takes a clearance issued today that expires the same day, and a licence already expired (its state says so)', () => {
    expect(errorsOf({ ...valid, policeClearanceIssuedOn: TODAY, policeClearanceExpiresOn: TODAY, psraLicenceExpiresOn: '2020-01-01' })).toEqual({});
  });
});

describe('guardDocumentUploadFields', () => {
  it('knows the four kinds', () => {
    for (const kind of ['cv', 'police_clearance', 'psra_licence', 'certificate']) expect(guardDocumentUploadFields.parse({ kind })).toEqual({ kind });
    expect(guardDocumentUploadFields.safeParse({ kind: 'passport' }).success).toBe(false);
  });
});
