/**
 * The sandbox checkout page: plain server-rendered HTML with a normal form post, because the
 * content security policy allows no inline script. It says on every screen that no money moves.
 */
import { formatKes } from '@ops/shared/money';
import { formatKenyanPhone } from '@ops/shared/phone';
import { SANDBOX_TEST_CARDS } from './sandbox-cards.ts';
import type { SandboxPayment } from './sandbox-store.ts';

export const SANDBOX_BANNER = 'TEST PAYMENT — SANDBOX, NO REAL MONEY';

export interface SandboxPageView {
  payment: SandboxPayment;
  /** Where the form posts (this page's own path). */
  actionPath: string;
  /** Back to the booking, as after a real checkout. */
  returnUrl: string;
  errors?: Record<string, string>;
  /** What the tester typed, shown again beside the errors. */
  values?: Record<string, string | undefined>;
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);

const STYLE = `
body{font-family:system-ui,sans-serif;margin:0;background:#f4f4f5;color:#18181b}
main{max-width:28rem;margin:2rem auto;background:#fff;border-radius:.75rem;padding:1.5rem;box-shadow:0 1px 3px #0002}
.banner{background:#b45309;color:#fff;font-weight:700;text-align:center;padding:.75rem;letter-spacing:.03em}
.amount{font-size:2rem;font-weight:700;margin:.25rem 0}
label{display:block;margin-top:1rem;font-weight:600}
input{width:100%;box-sizing:border-box;padding:.5rem;border:1px solid #a1a1aa;border-radius:.375rem;font-size:1rem}
.error{color:#b91c1c;font-size:.875rem;margin:.25rem 0 0}
.actions{display:flex;gap:.5rem;margin-top:1.5rem;flex-wrap:wrap}
button{flex:1;padding:.625rem;border:0;border-radius:.375rem;font-size:1rem;font-weight:600;cursor:pointer}
.approve{background:#15803d;color:#fff}.decline{background:#b91c1c;color:#fff}.none{background:#e4e4e7}
table{width:100%;border-collapse:collapse;margin-top:1rem;font-size:.875rem}td,th{text-align:left;padding:.25rem;border-bottom:1px solid #e4e4e7}
td:first-child{white-space:nowrap;font-variant-numeric:tabular-nums}
.muted{color:#52525b;font-size:.875rem}`;

function field(view: SandboxPageView, name: string, label: string, attrs: string, fallback = ''): string {
  const error = view.errors?.[name];
  const value = view.values?.[name] ?? fallback;
  const describedBy = error ? ` aria-invalid="true" aria-describedby="${name}-error"` : '';
  return `<label for="${name}">${label}</label>
<input id="${name}" name="${name}" value="${escapeHtml(value)}" required ${attrs}${describedBy}>
${error ? `<p class="error" id="${name}-error">${escapeHtml(error)}</p>` : ''}`;
}

function paymentFields(view: SandboxPageView): string {
  if (view.payment.method === 'mpesa') {
    const phone = view.payment.phone ? formatKenyanPhone(view.payment.phone) : '';
    return `<p class="muted">This stands in for the M-Pesa prompt on the customer's phone. Left unanswered, it times out after a minute, as a real prompt does.</p>
${field(view, 'phone', 'M-Pesa phone number', 'type="tel" inputmode="tel" autocomplete="tel"', phone)}`;
  }
  const cards = SANDBOX_TEST_CARDS.map(
    (c) => `<tr><td>${c.number}</td><td>${c.brand}</td><td>${c.outcome === 'approve' ? 'Approved' : escapeHtml(c.reason ?? 'Declined')}</td></tr>`,
  ).join('');
  return `${field(view, 'card_number', 'Test card number', 'inputmode="numeric" autocomplete="off"')}
${field(view, 'card_expiry', 'Expiry (MM/YY)', 'inputmode="numeric" autocomplete="off" placeholder="12/30"')}
${field(view, 'card_cvc', 'CVC', 'inputmode="numeric" autocomplete="off" maxlength="4"')}
<table><caption class="muted">Test cards (any future expiry, any CVC)</caption>
<thead><tr><th>Number</th><th>Brand</th><th>Result</th></tr></thead><tbody>${cards}</tbody></table>`;
}

function body(view: SandboxPageView): string {
  const { payment } = view;
  const returnLink = `<p><a href="${escapeHtml(view.returnUrl)}">Return to the booking</a></p>`;
  if (payment.outcome === 'approved') return `<h2>Payment approved</h2><p>The sandbox recorded this payment as paid.</p>${returnLink}`;
  if (payment.outcome === 'declined') {
    return `<h2>Payment failed</h2><p>${escapeHtml(payment.failureReason ?? 'Declined')}</p>${returnLink}`;
  }
  const method = payment.method === 'mpesa' ? 'M-Pesa' : 'Card';
  return `<form method="post" action="${escapeHtml(view.actionPath)}">
${view.errors?.action ? `<p class="error">${escapeHtml(view.errors.action)}</p>` : ''}
<p class="muted">${method} payment · reference ${escapeHtml(payment.providerRef)}</p>
${paymentFields(view)}
<div class="actions">
<button class="approve" type="submit" name="action" value="approve">Approve</button>
<button class="decline" type="submit" name="action" value="decline" formnovalidate>Decline</button>
${payment.method === 'mpesa' ? '<button class="decline" type="submit" name="action" value="insufficient_funds" formnovalidate>Not enough funds</button>' : ''}
<button class="none" type="submit" name="action" value="no_answer" formnovalidate>${payment.method === 'mpesa' ? 'No answer (times out)' : 'No answer'}</button>
</div>
</form>`;
}

export function renderSandboxCheckoutPage(view: SandboxPageView): string {
  const { payment } = view;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${SANDBOX_BANNER} · ${formatKes(payment.amountKes)}</title>
<style>${STYLE}</style>
</head>
<body>
<div class="banner" role="alert">${SANDBOX_BANNER}</div>
<main>
<p class="muted">Sandbox checkout: no IntaSend keys are configured, so nothing is charged.</p>
<p class="amount">${formatKes(payment.amountKes)}</p>
<p>${escapeHtml(payment.narrative)}</p>
${body(view)}
</main>
</body>
</html>`;
}
