/**
 * The built-in sandbox's checkout page, served by us when no IntaSend keys are configured. The
 * tester's choice is recorded by the sandbox provider; the payment is then settled, like any other,
 * from the provider's status and not from the form.
 */
import type { Viewer } from '../../lib/context.ts';
import type { PaymentProvider } from '../../providers/payments/payment-provider.ts';
import type { SandboxFormResult, SandboxProvider } from '../../providers/payments/sandbox.ts';
import type { PaymentDeps } from './payment-common.ts';
import { settlePayment } from './payment-settle.service.ts';
import { findPaymentForEvent } from './payments.repo.ts';

export function isSandboxProvider(provider: PaymentProvider): provider is SandboxProvider {
  return provider.kind === 'sandbox' && 'renderCheckout' in provider && 'submitCheckout' in provider;
}

function sandboxOf(deps: PaymentDeps): SandboxProvider | null {
  return isSandboxProvider(deps.payments) ? deps.payments : null;
}

/**
 * The attempt behind a sandbox checkout, when the viewer is the client paying it. Like IntaSend's
 * page it shows the payer's phone and lets them approve or decline: nobody else may open it.
 */
async function payersAttempt(deps: PaymentDeps, providerRef: string, viewer: Viewer | undefined) {
  if (!viewer) return null;
  const payment = await findPaymentForEvent(deps.db, 'sandbox', providerRef, null);
  return payment?.payerProfileId === viewer.profileId ? payment : null;
}

export async function sandboxCheckoutPage(deps: PaymentDeps, providerRef: string, viewer: Viewer | undefined): Promise<string | null> {
  const sandbox = sandboxOf(deps);
  if (!sandbox || !(await payersAttempt(deps, providerRef, viewer))) return null;
  return sandbox.renderCheckout(providerRef);
}

export async function submitSandboxCheckout(
  deps: PaymentDeps,
  providerRef: string,
  viewer: Viewer | undefined,
  form: Record<string, string | undefined>,
): Promise<SandboxFormResult> {
  const sandbox = sandboxOf(deps);
  const payment = sandbox && (await payersAttempt(deps, providerRef, viewer));
  if (!sandbox || !payment) return { kind: 'not_found' };
  const result = await sandbox.submitCheckout(providerRef, form);
  if (result.kind !== 'done') return result;
  try {
    await settlePayment(deps, payment.id, await sandbox.getStatus({ providerRef }));
  } catch (err) {
    // The choice is recorded by the sandbox; the re-check job will settle the payment from it.
    deps.logger.error({ err, paymentId: payment.id }, 'sandbox payment could not be settled now');
  }
  return result;
}
