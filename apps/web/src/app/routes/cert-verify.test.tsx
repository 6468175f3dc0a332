import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CertificateVerificationDto, CredentialCheckDto } from '@ops/shared/schemas/certificates';
import { json, mockFetch } from '@/test/fetch-mock.ts';
import { renderWithApp } from '@/test/render.tsx';
import { CertVerifyPage } from './cert-verify.tsx';

const REF = 'OPS-7KQ2M-9XD4A-B3C5E-Q';

const certificate = (overrides: Partial<CertificateVerificationDto> = {}): CertificateVerificationDto => ({
  certificateRef: REF,
  state: 'valid',
  studentName: 'Amina Wanjiru',
  courseId: 'cpo',
  courseName: 'Certified Protection Officer',
  issueDate: '2027-04-12',
  expiresOn: '2030-04-11',
  cobrand: { body: 'EBSSA', auditedAt: '2027-02-01T07:00:00.000Z' },
  revoked: null,
  pdfUrl: `/api/certificates/verify/${REF}/pdf`,
  ...overrides,
});

const PAGES = { '/cert/verify/:ref': <CertVerifyPage />, '/cert/verify': <CertVerifyPage /> };
const open = (route: string) => renderWithApp(<p>elsewhere</p>, { route, pages: PAGES });
const verifyRoute = `GET /api/certificates/verify/${REF}`;

afterEach(() => {
  document.title = '';
});

describe('the certificate verify page', () => {
  it('shows a valid certificate with its facts, validity, audit and a download in a new tab', async () => {
    mockFetch({ [verifyRoute]: () => json(certificate()) });
    open(`/cert/verify/${REF}`);

    expect(await screen.findByRole('heading', { name: 'Certificate Verified' })).toBeInTheDocument();
    expect(document.title).toBe('Verify certificate');
    expect(screen.getByText(REF)).toBeInTheDocument();
    expect(screen.getByText('Amina Wanjiru')).toBeInTheDocument();
    expect(screen.getByText('Certified Protection Officer')).toBeInTheDocument();
    expect(screen.getByText('April 12, 2027')).toBeInTheDocument();
    expect(screen.getByText('Valid until April 11, 2030')).toBeInTheDocument();
    expect(screen.getByText('Audited by EBSSA on February 1, 2027')).toBeInTheDocument();
    expect(screen.getByText('This certificate was issued by OPS Security Academy, the training provider.')).toBeInTheDocument();
    const download = screen.getByRole('link', { name: /Download Certificate/ });
    expect(download).toHaveAttribute('href', `/api/certificates/verify/${REF}/pdf`);
    expect(download).toHaveAttribute('target', '_blank');
  });

  it('says plainly when a certificate has expired, without the verified look', async () => {
    mockFetch({ [verifyRoute]: () => json(certificate({ state: 'expired', expiresOn: '2026-04-11', cobrand: null })) });
    open(`/cert/verify/${REF}`);

    expect(await screen.findByRole('heading', { name: 'Certificate Expired' })).toBeInTheDocument();
    expect(screen.getByText(/This certificate expired on April 11, 2026/)).toBeInTheDocument();
    expect(screen.queryByText('Certificate Verified')).not.toBeInTheDocument();
    expect(screen.queryByText(/Audited by/)).not.toBeInTheDocument();
  });

  it('shows a revoked certificate (410) with the date and reason, and no download', async () => {
    const revoked = certificate({ state: 'revoked', revoked: { at: '2027-05-02T09:00:00.000Z', reason: 'Issued to the wrong student' }, pdfUrl: null });
    mockFetch({ [verifyRoute]: () => json(revoked, 410) });
    open(`/cert/verify/${REF}`);

    expect(await screen.findByRole('heading', { name: 'Certificate Revoked' })).toBeInTheDocument();
    expect(screen.getByText(/revoked on May 2, 2027/)).toBeInTheDocument();
    expect(screen.getByText('Issued to the wrong student')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Download Certificate/ })).not.toBeInTheDocument();
    expect(screen.queryByText('Certificate Verified')).not.toBeInTheDocument();
  });

  it('says the verification failed for an unknown reference, in the server’s words, with the advice', async () => {
    mockFetch({ [verifyRoute]: () => json({ code: 'NOT_FOUND', message: 'The certificate with this reference number could not be found.' }, 404) });
    open(`/cert/verify/${REF}`);

    expect(await screen.findByRole('heading', { name: 'Verification Failed' })).toBeInTheDocument();
    expect(screen.getByText('The certificate with this reference number could not be found.')).toBeInTheDocument();
    expect(screen.getByText('Please check the reference number, or contact the training provider.')).toBeInTheDocument();
  });

  it('says Certificate not found when the answer carries no message of its own', async () => {
    mockFetch({ [verifyRoute]: () => new Response('<html>Not Found</html>', { status: 404, headers: { 'content-type': 'text/html' } }) });
    open(`/cert/verify/${REF}`);

    expect(await screen.findByRole('heading', { name: 'Verification Failed' })).toBeInTheDocument();
    expect(screen.getByText('Certificate not found')).toBeInTheDocument();
    expect(screen.getByText('Please check the reference number, or contact the training provider.')).toBeInTheDocument();
  });

  it('shows the server’s words when there were too many checks', async () => {
    mockFetch({
      [verifyRoute]: () => json({ code: 'RATE_LIMITED', message: 'Too many verification requests. Please wait a minute and try again.' }, 429),
    });
    open(`/cert/verify/${REF}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many verification requests. Please wait a minute and try again.');
  });

  it('verifies a typed reference number from the bare page', async () => {
    const api = mockFetch({ [verifyRoute]: () => json(certificate()) });
    const { user } = open('/cert/verify');

    expect(screen.getByRole('heading', { name: 'Verify a certificate' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByLabelText('Reference number')).toHaveAccessibleDescription('Enter the reference number printed on the certificate');
    await user.type(screen.getByLabelText('Reference number'), ` ${REF.toLowerCase()} `);
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByRole('heading', { name: 'Certificate Verified' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent(`/cert/verify/${REF}`);
    expect(api.calls('GET', `/api/certificates/verify/${REF}`)).toHaveLength(1);
  });
});

describe('checking a digital credential', () => {
  const upload = async (result: CredentialCheckDto) => {
    const api = mockFetch({ 'POST /api/certificates/verify-credential': () => json(result) });
    const { user } = open('/cert/verify');
    const file = new File(['{"credential":"eyJhbGciOiJFZERTQSJ9.e30.sig"}'], 'credential.json', { type: 'application/json' });
    await user.upload(screen.getByLabelText('Credential file'), file);
    return api;
  };

  it('sends the file’s text and shows each check passed, the verdict and what the credential says', async () => {
    const api = await upload({
      signature: true,
      issuer: true,
      notRevoked: true,
      notExpired: true,
      valid: true,
      certificate: {
        certificateRef: REF,
        studentName: 'Amina Wanjiru',
        courseName: 'Certified Protection Officer',
        issueDate: '2027-04-12',
        expiresOn: null,
      },
    });

    const checks = within(await screen.findByRole('list', { name: 'Credential checks' }));
    for (const name of ['Signature', 'Issuer', 'Not revoked', 'Not expired'])
      expect(checks.getByText(`${name}:`, { exact: false })).toHaveTextContent(`${name}: passed`);
    expect(screen.getByText('This credential is valid.')).toBeInTheDocument();
    expect(screen.getByText(/Amina Wanjiru completed Certified Protection Officer, issued April 12, 2027/)).toBeInTheDocument();
    expect(api.calls('POST', '/api/certificates/verify-credential')[0]?.body).toEqual({ credential: '{"credential":"eyJhbGciOiJFZERTQSJ9.e30.sig"}' });
  });

  it('marks each failed check and says the credential is not valid', async () => {
    await upload({ signature: false, issuer: true, notRevoked: false, notExpired: true, valid: false, certificate: null });

    const checks = within(await screen.findByRole('list', { name: 'Credential checks' }));
    expect(checks.getByText(/Signature:/)).toHaveTextContent('Signature: failed');
    expect(checks.getByText(/Issuer:/)).toHaveTextContent('Issuer: passed');
    expect(checks.getByText(/Not revoked:/)).toHaveTextContent('Not revoked: failed');
    expect(screen.getByText('This credential is not valid.')).toBeInTheDocument();
  });
});
