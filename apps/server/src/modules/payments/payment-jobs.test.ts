import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PaymentProviderError } from '../../providers/payments/payment-provider.ts';
import { createSandboxProvider } from '../../providers/payments/sandbox.ts';
import { createDbSandboxStore } from '../../providers/payments/sandbox-db-store.ts';
import { SmsSendError } from '../../providers/sms/sms-sender.ts';
import { approveMpesa, book, bookingRow, expireHold, pay, paymentRow, payingScene } from '../../test/payment-helpers.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from '../../test/test-database.ts';

let factory: TestDatabaseFactory;
let t: TestContext;
let refundFailures: number;
beforeAll(async () => {
  factory = await createTestDatabaseFactory();
});
afterAll(() => factory.dispose());
beforeEach(async () => {
  refundFailures = 0;
  t = await createTestContext(factory, {
    // The sandbox, whose refunds fail while the test says so (a provider having a bad minute).
    payments: (database) => {
      const sandbox = createSandboxProvider({ store: createDbSandboxStore(database.db) });
      return {
        ...sandbox,
        refund: (input) =>
          refundFailures-- > 0 ? Promise.reject(new PaymentProviderError('http', 'HTTP 503 from chargebacks/', { status: 503 })) : sandbox.refund(input),
      };
    },
  });
});
afterEach(() => t.close());

async function paidScene() {
  const scene = await payingScene(t);
  const { body } = await pay(scene.client.client, scene.booking.id);
  await approveMpesa(scene.client.client, body.checkoutUrl);
  return { ...scene, payment: body };
}

describe('messages after a payment', () => {
  it('lets the queue retry an SMS that could not be sent, and never undoes the payment', async () => {
    const { booking, payment } = await paidScene();
    t.sms.failNext(new SmsSendError('http', "Africa's Talking answered HTTP 503"));
    await expect(t.runJobs('send-booking-confirmation')).rejects.toBeInstanceOf(SmsSendError);
    expect(await paymentRow(t, payment.id)).toMatchObject({ status: 'paid' });
    expect(await bookingRow(t, booking.id)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
    expect(t.mailer.messages).toHaveLength(1);
  });

  it('does not retry an SMS the provider refuses, and logs it', async () => {
    await paidScene();
    t.sms.failNext(new SmsSendError('rejected', 'InvalidSenderId'));
    const [email, sms] = await t.jobs.pending('send-booking-confirmation');
    expect([email?.data, sms?.data]).toMatchObject([{ channel: 'email' }, { channel: 'sms' }]);
    await t.runJobs('send-booking-confirmation');
    expect(t.sms.messages).toHaveLength(0);
    expect(t.logLines.some((l) => l.msg === 'booking confirmation SMS refused; not retried')).toBe(true);
  });
});

describe('a refund the provider could not take at once', () => {
  it('stays owed on the payment row and is requested again by the job', async () => {
    const { client, guard, booking } = await payingScene(t);
    const { body } = await pay(client.client, booking.id);
    await expireHold(t, booking.id);
    await book((await t.signedIn('client')).client, guard.profileId);
    refundFailures = 1;
    await approveMpesa(client.client, body.checkoutUrl);

    expect(await paymentRow(t, body.id)).toMatchObject({ status: 'refund_pending', refundedAmount: 9600, refundRef: null, refundRequestedAt: null });
    expect(await t.jobs.pending()).toContainEqual({
      id: expect.any(String),
      name: 'payment-refund',
      data: { paymentId: body.id },
      startAfter: expect.any(Date),
    });
    await t.runJobs('payment-refund');
    expect(await paymentRow(t, body.id)).toMatchObject({ status: 'refunded', refundRef: expect.stringMatching(/-R1$/) });
    // Once asked, asking again does nothing.
    await t.deps.jobs.enqueue('payment-refund', { paymentId: body.id });
    await t.runJobs('payment-refund');
    expect(await paymentRow(t, body.id)).toMatchObject({ status: 'refunded', refundRef: expect.stringMatching(/-R1$/) });
  });
});
