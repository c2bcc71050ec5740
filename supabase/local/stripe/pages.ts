/**
 * The local edge's hosted pages: Checkout (Stripe Checkout's labels: 'Email', 'Card information',
 * 'Cardholder name', 'Subscribe') and the Customer Portal ('Cancel subscription'). Plain HTML
 * forms: they work without script, by keyboard and with a screen reader.
 * Invariants: every value written into a page is HTML-escaped; a declined card re-renders the
 * form with Stripe's message and creates nothing.
 */
import type { Obj, StripeStore } from './store';
import { periodOf } from './billing';

const esc = (s: unknown): string => String(s ?? '').replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

const money = (cents: number): string => `$${(cents / 100).toFixed(2)}`;
const day = (t: number): string =>
  new Date(t * 1000).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)}</title><style>
body{font-family:system-ui,sans-serif;background:#f6f9fc;color:#1a1f36;margin:0;display:flex;justify-content:center}
main{max-width:440px;width:100%;padding:32px 20px}.card{background:#fff;border-radius:8px;box-shadow:0 2px 8px #0002;padding:24px;margin-top:16px}
label,legend{display:block;font-size:14px;font-weight:600;margin:14px 0 6px}fieldset{border:0;padding:0;margin:0}
input{box-sizing:border-box;width:100%;font-size:16px;padding:10px;border:1px solid #c6cbd4;border-radius:6px}
.row{display:flex}.row input{border-radius:0}.row input:first-child{border-radius:0 0 0 6px}.row input:last-child{border-radius:0 0 6px 0}
#card-number{border-radius:6px 6px 0 0}button{width:100%;margin-top:22px;padding:12px;font-size:16px;font-weight:600;border:0;border-radius:6px;background:#635bff;color:#fff;cursor:pointer}
.error{color:#c0123c;margin-top:12px;font-size:14px}.muted{color:#697386;font-size:13px}.price{font-size:32px;font-weight:700}
.test{background:#ffde92;color:#663c00;font-size:12px;font-weight:700;padding:2px 6px;border-radius:4px}
</style></head><body><main>${body}</main></body></html>`;
}

export function checkoutPage(
  store: StripeStore,
  session: Obj,
  error?: string,
  values: Record<string, string> = {},
): string {
  const line = (session.line_items as { price: string }[])[0]!;
  const price = store.get('price', line.price);
  const product = store.get('product', String(price.product));
  const email = values.email ?? String(session.customer_email ?? '');
  const done = session.status !== 'open';
  return page(
    `Subscribe to ${String(product.name)}`,
    `
<p><span class="test">TEST MODE</span> <span class="muted">Local Stripe edge</span></p>
<h1 style="font-size:16px;font-weight:500;margin:0">Subscribe to ${esc(product.name)}</h1>
<p class="price">${money(Number(price.unit_amount))} <span class="muted">per month</span></p>
<div class="card">${
      done
        ? '<p role="status">This checkout session is complete.</p>'
        : `
<form method="post" action="/c/pay/${esc(session.id)}" novalidate>
<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="email" required value="${esc(email)}">
<fieldset><legend id="card-legend">Card information</legend>
<input id="card-number" name="cardnumber" inputmode="numeric" autocomplete="cc-number" aria-label="Card number" placeholder="1234 1234 1234 1234" required value="${esc(values.cardnumber)}">
<div class="row"><input name="exp" autocomplete="cc-exp" aria-label="Expiration" placeholder="MM / YY" required value="${esc(values.exp)}">
<input name="cvc" inputmode="numeric" autocomplete="cc-csc" aria-label="CVC" placeholder="CVC" required value="${esc(values.cvc)}"></div></fieldset>
<label for="name">Cardholder name</label><input id="name" name="name" autocomplete="cc-name" required value="${esc(values.name)}">
${error ? `<p class="error" role="alert">${esc(error)}</p>` : ''}
<button type="submit">Subscribe</button></form>`
    }
${session.cancel_url ? `<p><a href="${esc(session.cancel_url)}">Back</a></p>` : ''}
<p class="muted">Test cards: 4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 is declined; 4000 0000 0000 0341 fails at renewal. Any future date, any CVC.</p></div>`,
  );
}

export function portalPage(store: StripeStore, session: Obj): string {
  const subs = store.all('subscription').filter((s) => s.customer === session.customer && s.status !== 'canceled');
  const rows = subs.map((sub) => {
    const item = (sub.items as { data: { price: Obj }[] }).data[0]!;
    const product = store.get('product', String(item.price.product));
    const end = day(periodOf(sub).end);
    const action = sub.cancel_at_period_end ? 'renew' : 'cancel';
    return `<section class="card" aria-label="${esc(product.name)}"><h2 style="font-size:18px;margin:0">${esc(product.name)}</h2>
<p>${money(Number(item.price.unit_amount))} per month</p>
<p class="muted">${sub.status === 'past_due' ? 'Payment failed: update your card. ' : ''}${sub.cancel_at_period_end ? `Cancels ${end}` : `Renews ${end}`}</p>
<form method="post" action="/p/session/${esc(session.id)}/${action}/${esc(sub.id)}"><button type="submit">${action === 'cancel' ? 'Cancel subscription' : 'Renew subscription'}</button></form></section>`;
  });
  return page(
    'Manage subscription',
    `<p><span class="test">TEST MODE</span> <span class="muted">Local Stripe edge</span></p>
<h1 style="font-size:20px">Current subscriptions</h1>${rows.join('') || '<p class="card">No active subscriptions.</p>'}
${session.return_url ? `<p><a href="${esc(session.return_url)}">Return to Bucket</a></p>` : ''}`,
  );
}
