import { describe, expect, it } from 'vitest';
import { DEMO_WHATSAPP_NUMBER, parseEnv } from './env.ts';

const intaSend = {
  INTASEND_PUBLISHABLE_KEY: 'ISPubKey_test_abc',
  INTASEND_SECRET_KEY: 'ISSecretKey_test_abc',
  INTASEND_WEBHOOK_CHALLENGE: 'a-long-webhook-challenge-of-ours',
};

describe('payment and SMS configuration', () => {
  it('defaults to the sandbox and the SMS outbox, with IntaSend’s sandbox host and the time limits', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ INTASEND_BASE_URL: 'https://sandbox.intasend.com', INTASEND_TIMEOUT_MS: 15_000, SMS_TIMEOUT_MS: 10_000 });
    expect(env.INTASEND_SECRET_KEY).toBeUndefined();
    expect(env.AFRICASTALKING_API_KEY).toBeUndefined();
  });

  it('accepts a complete IntaSend and Africa’s Talking set-up', () => {
    const env = parseEnv({ ...intaSend, AFRICASTALKING_USERNAME: 'sandbox', AFRICASTALKING_API_KEY: 'atsk_x', INTASEND_TIMEOUT_MS: '5000' });
    expect(env).toMatchObject({ ...intaSend, AFRICASTALKING_USERNAME: 'sandbox', INTASEND_TIMEOUT_MS: 5000 });
  });

  it('fails at start, naming the variable, when the keys come without a challenge (or a short one)', () => {
    expect(() => parseEnv({ ...intaSend, INTASEND_WEBHOOK_CHALLENGE: '' })).toThrow(/INTASEND_WEBHOOK_CHALLENGE: required with the IntaSend keys/);
    expect(() => parseEnv({ ...intaSend, INTASEND_WEBHOOK_CHALLENGE: 'too-short' })).toThrow(/INTASEND_WEBHOOK_CHALLENGE: must be at least 16 characters/);
  });

  it('refuses half a configuration instead of quietly falling back to the sandbox or the outbox', () => {
    expect(() => parseEnv({ INTASEND_PUBLISHABLE_KEY: intaSend.INTASEND_PUBLISHABLE_KEY })).toThrow(/INTASEND_SECRET_KEY: set both IntaSend keys/);
    expect(() => parseEnv({ AFRICASTALKING_API_KEY: 'atsk_x' })).toThrow(/AFRICASTALKING_USERNAME: set both/);
  });
});

describe('TRUSTED_ORIGINS', () => {
  it('is empty by default and a list of origins when set', () => {
    expect(parseEnv({}).TRUSTED_ORIGINS).toEqual([]);
    expect(parseEnv({ TRUSTED_ORIGINS: ' https://Admin.Ops.Example , http://10.0.0.5:3000,' }).TRUSTED_ORIGINS).toEqual([
      'https://admin.ops.example',
      'http://10.0.0.5:3000',
    ]);
  });

  it('fails at start on anything that is not a bare origin', () => {
    expect(() => parseEnv({ TRUSTED_ORIGINS: 'https://ops.example/admin' })).toThrow(/TRUSTED_ORIGINS: "https:\/\/ops.example\/admin" is not an origin/);
    expect(() => parseEnv({ TRUSTED_ORIGINS: 'ops.example' })).toThrow(/TRUSTED_ORIGINS/);
    expect(() => parseEnv({ TRUSTED_ORIGINS: 'ftp://ops.example' })).toThrow(/TRUSTED_ORIGINS/);
  });
});

describe('WHATSAPP_NUMBER and WHATSAPP_GREETING', () => {
  it('default to the demo number and the greeting, so the server starts without them', () => {
    const env = parseEnv({});
    expect(env.WHATSAPP_NUMBER).toBe('254700000000');
    expect(env.WHATSAPP_NUMBER).toBe(DEMO_WHATSAPP_NUMBER);
    expect(env.WHATSAPP_GREETING).toBe("Hello! I'd like to know more about your security services.");
  });

  it('take the company’s number in international form, spaces, dashes and a leading + dropped', () => {
    expect(parseEnv({ WHATSAPP_NUMBER: '254712345678' }).WHATSAPP_NUMBER).toBe('254712345678');
    expect(parseEnv({ WHATSAPP_NUMBER: '+254 712-345 678' }).WHATSAPP_NUMBER).toBe('254712345678');
    expect(parseEnv({ WHATSAPP_GREETING: '  Habari! ' }).WHATSAPP_GREETING).toBe('Habari!');
  });

  it.each(['0712345678', '712 345', 'wa.me/254712345678', '2547123456789012', '254-7X2-345678'])(
    'fail at start on %s, which wa.me cannot open',
    (value) => {
      expect(() => parseEnv({ WHATSAPP_NUMBER: value })).toThrow(
        /WHATSAPP_NUMBER: must be the number in international form, digits only, e\.g\. 254712345678/,
      );
    },
  );
});

describe('TRUST_PROXY', () => {
  it.each([
    [undefined, false],
    ['false', false],
    ['0', false],
    ['no', false],
    ['1', 1],
    ['2', 2],
    ['true', true],
    ['yes', true],
    ['10.0.0.2', ['10.0.0.2']],
    [' 10.0.0.2, 172.16.0.0/12 ,loopback,fd00::/8', ['10.0.0.2', '172.16.0.0/12', 'loopback', 'fd00::/8']],
  ])('reads %j as %j', (value, expected) => {
    expect(parseEnv({ TRUST_PROXY: value }).TRUST_PROXY).toEqual(expected);
  });

  it.each(['10.0.0.300', 'proxy.internal', '10.0.0.0/40', '99'])('fails at start on %s, naming the variable', (value) => {
    expect(() => parseEnv({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY: /);
  });
});
