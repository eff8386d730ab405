import { formatMoney } from '@contract/money';
import type { SandboxPaymentRow } from '../../db/schema';
import { SANDBOX_CHOICES, type SandboxChoice } from './sandbox';

/*
 * What the sandbox serves under /pay/sandbox: the checkout script the PWA loads (as it would Razorpay's
 * checkout.js), the modal page that script frames, and the hosted payment page reached by redirect. Scripts and
 * styles are files of our own origin, so the strict CSP holds: no inline script, style or handler.
 */

const LABELS: Record<SandboxChoice, string> = {
  success: 'Pay (success)',
  failure: 'Fail the payment',
  pending: 'Leave it pending',
  cancel: 'Cancel',
};

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

function page(title: string, body: string, script?: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="/pay/sandbox/sandbox.css">
${script ? `<script src="${script}" defer></script>` : ''}
</head>
<body>
<main class="sandbox" aria-label="${escapeHtml(title)}">
${body}
</main>
</body>
</html>`;
}

function summary(payment: SandboxPaymentRow): string {
  return `<p class="brand">Sandbox payments <span class="badge">TEST MODE</span></p>
<h1>${escapeHtml(formatMoney(payment.amountMinor, payment.currency))}</h1>
<p class="muted">${escapeHtml(payment.description)}</p>
<p class="muted">No money moves here: choose how this test payment ends.</p>`;
}

/** The modal page the checkout script frames; modal.js reports the choice (with the buyer's grant) to the opener. */
export function modalPage(payment: SandboxPaymentRow, token: string): string {
  const buttons = SANDBOX_CHOICES.map(
    (choice) =>
      `<button type="button" class="choice choice-${choice}" data-choice="${choice}">${LABELS[choice]}</button>`,
  ).join('\n');
  return page(
    'Sandbox payment',
    `<section id="sandbox" data-order-id="${escapeHtml(payment.providerOrderId)}" data-token="${escapeHtml(token)}" aria-labelledby="sandbox-title">
<h2 id="sandbox-title" class="visually-hidden">Sandbox payment</h2>
${summary(payment)}
<div class="choices">
${buttons}
</div>
<p id="sandbox-status" class="status" role="status" aria-live="polite"></p>
</section>`,
    '/pay/sandbox/modal.js',
  );
}

/** The hosted payment page: a plain form, so it works without any script. */
export function linkPage(payment: SandboxPaymentRow, token: string): string {
  const buttons = SANDBOX_CHOICES.map(
    (choice) =>
      `<button type="submit" name="choice" value="${choice}" class="choice choice-${choice}">${LABELS[choice]}</button>`,
  ).join('\n');
  return page(
    'Sandbox payment page',
    `${summary(payment)}
<form method="post" action="/pay/sandbox/link/${encodeURIComponent(payment.providerOrderId)}" class="choices">
<input type="hidden" name="token" value="${escapeHtml(token)}">
${buttons}
</form>`,
  );
}

export const SANDBOX_CSS = `:root{color-scheme:light dark;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
*{box-sizing:border-box}
body{margin:0;background:#f4f5f7;color:#14161a}
@media (prefers-color-scheme:dark){body{background:#14161a;color:#f4f5f7}.muted{color:#b8bec8!important}}
.sandbox{max-width:420px;margin:0 auto;padding:24px 16px;min-width:0}
.brand{font-weight:600;margin:0 0 8px}
.badge{display:inline-block;font-size:12px;padding:2px 8px;border-radius:999px;background:#ffb020;color:#14161a;margin-left:4px}
h1{font-size:28px;margin:8px 0}
.muted{color:#4a5160;margin:4px 0}
.choices{display:grid;gap:12px;margin-top:20px}
.choice{min-height:44px;min-width:44px;width:100%;font:inherit;font-weight:600;border-radius:8px;border:2px solid transparent;padding:10px 16px;cursor:pointer}
.choice:focus-visible{outline:3px solid #2f6fed;outline-offset:2px}
.choice:disabled{opacity:.6;cursor:progress}
.choice-success{background:#16703d;color:#fff}
.choice-failure{background:#c62828;color:#fff}
.choice-pending{background:#ffb020;color:#14161a}
.choice-cancel{background:transparent;color:inherit;border-color:currentColor}
.status{min-height:1.5em;margin-top:16px}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
`;

/** Runs inside the framed modal page: records the choice, then tells the opener (same origin only). */
export const SANDBOX_MODAL_JS = `(function () {
  'use strict';
  var root = document.getElementById('sandbox');
  if (!root) return;
  var orderId = root.getAttribute('data-order-id');
  var token = root.getAttribute('data-token');
  var status = document.getElementById('sandbox-status');
  var buttons = Array.prototype.slice.call(root.querySelectorAll('button[data-choice]'));
  var busy = false;
  function tell(message) {
    message.source = 'sandbox-checkout';
    message.order_id = orderId;
    if (window.parent && window.parent !== window) window.parent.postMessage(message, window.location.origin);
  }
  function setBusy(value) {
    busy = value;
    buttons.forEach(function (button) { button.disabled = value; });
  }
  function choose(choice) {
    if (busy) return;
    setBusy(true);
    status.textContent = 'Processing…';
    fetch('/pay/sandbox/api/choose', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify({ provider_order_id: orderId, choice: choice, token: token })
    }).then(function (response) {
      return response.json().then(function (body) { return { ok: response.ok, body: body }; });
    }).then(function (answer) {
      if (!answer.ok) {
        status.textContent = (answer.body && answer.body.data && answer.body.data.message) || 'The sandbox could not record that choice.';
        setBusy(false);
        if (answer.body && answer.body.data && answer.body.data.http_status_code === 409) tell({ event: 'cancel' });
        return;
      }
      status.textContent = 'Done.';
      tell(answer.body);
    }).catch(function () {
      status.textContent = 'No connection to the sandbox. Try again.';
      setBusy(false);
    });
  }
  buttons.forEach(function (button) {
    button.addEventListener('click', function () { choose(button.getAttribute('data-choice')); });
  });
  document.addEventListener('keydown', function (event) {
    if (event.key === 'Escape') choose('cancel');
  });
  if (buttons[0]) buttons[0].focus();
})();
`;

/**
 * The checkout script: window.SandboxCheckout mirrors Razorpay Checkout. new SandboxCheckout({ key, order_id, token,
 * amount, currency, name, prefill, handler(response), modal: { ondismiss } }).open(); rzp.on('payment.failed', fn) and
 * rzp.on('payment.pending', fn). handler gets { provider_order_id, provider_payment_id, signature }.
 */
export const SANDBOX_CHECKOUT_JS = `(function () {
  'use strict';
  var current = document.currentScript;
  var ORIGIN = new URL(current && current.src ? current.src : '/pay/sandbox/checkout.js', window.location.href).origin;
  function SandboxCheckout(options) {
    if (!(this instanceof SandboxCheckout)) return new SandboxCheckout(options);
    this.options = options || {};
    this.listeners = {};
    this.overlay = null;
  }
  SandboxCheckout.prototype.on = function (name, listener) {
    this.listeners[name] = listener;
    return this;
  };
  SandboxCheckout.prototype.close = function () {
    if (this.cleanup) this.cleanup();
  };
  SandboxCheckout.prototype.open = function () {
    var self = this;
    var options = self.options;
    if (!options.order_id) throw new Error('SandboxCheckout: order_id is required');
    if (self.overlay) return self;
    var opener = document.activeElement;
    var overlay = document.createElement('div');
    overlay.setAttribute('role', 'dialog');
    overlay.setAttribute('aria-modal', 'true');
    overlay.setAttribute('aria-label', (options.name || 'Sandbox') + ' payment');
    var s = overlay.style;
    s.position = 'fixed'; s.top = '0'; s.right = '0'; s.bottom = '0'; s.left = '0';
    s.zIndex = '2147483647'; s.background = 'rgba(0, 0, 0, 0.6)';
    s.display = 'flex'; s.alignItems = 'center'; s.justifyContent = 'center';
    var frame = document.createElement('iframe');
    frame.title = 'Sandbox payment';
    var url = new URL('/pay/sandbox/modal', ORIGIN);
    url.searchParams.set('order_id', options.order_id);
    if (options.token) url.searchParams.set('token', options.token);
    frame.src = url.href;
    var f = frame.style;
    f.border = '0'; f.width = '100%'; f.maxWidth = '420px'; f.height = '100%'; f.maxHeight = '560px';
    f.background = '#ffffff'; f.borderRadius = '12px';
    overlay.appendChild(frame);
    var settled = false;
    function onMessage(event) {
      if (event.origin !== ORIGIN || event.source !== frame.contentWindow) return;
      var data = event.data;
      if (!data || data.source !== 'sandbox-checkout' || data.order_id !== options.order_id || settled) return;
      settled = true;
      cleanup();
      if (data.event === 'success') {
        if (typeof options.handler === 'function') options.handler(data.response);
      } else if (data.event === 'failure') {
        if (self.listeners['payment.failed']) self.listeners['payment.failed']({ error: data.error });
      } else if (data.event === 'pending') {
        if (self.listeners['payment.pending']) self.listeners['payment.pending']({ error: data.error });
      } else if (options.modal && typeof options.modal.ondismiss === 'function') {
        options.modal.ondismiss();
      }
    }
    function cleanup() {
      window.removeEventListener('message', onMessage);
      if (overlay.parentNode) overlay.parentNode.removeChild(overlay);
      self.overlay = null;
      self.cleanup = null;
      if (opener && typeof opener.focus === 'function') opener.focus();
    }
    window.addEventListener('message', onMessage);
    self.cleanup = cleanup;
    self.overlay = overlay;
    document.body.appendChild(overlay);
    frame.focus();
    return self;
  };
  window.SandboxCheckout = SandboxCheckout;
})();
`;
