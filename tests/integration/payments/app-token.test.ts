/**
 * An app a fan connected (a MediaID OAuth access token) must never spend the fan's money: every
 * payment function — create-checkout, change-tier, billing-portal — refuses its token with 403
 * `app_token`, and nothing is made at Stripe or stored (no customer for the fan). The fan's own
 * session, the control, gets a Checkout Session from the same call.
 */
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createArtistClient, createUserClient, uniqueEmail } from '../helpers/backend';
import { withPayments, type PaymentsHarness } from '../helpers/payments';
import { CONSENT_PAGE, approve, discover, exchange, registerClient, startAuthorization } from '../oauth/oauth-helpers';

let h: PaymentsHarness;
let artistId: string;

beforeAll(async () => {
  h = await withPayments({
    quiet: true,
    siteUrl: 'http://localhost:4173',
    oauthServer: { enabled: true, authorizationUrlPath: CONSENT_PAGE, allowDynamicRegistration: false },
  });
  const artist = await createArtistClient(h.backend, uniqueEmail('artist'), 'artist-pass-1', 'Nova Static');
  artistId = artist.user.id;
  const tiers = await artist.client
    .from('artist_tiers')
    .insert(
      [1, 2].map((level) => ({ artist_id: artistId, level, name: `Tier ${level}`, price: level * 5, benefits: [] })),
    );
  expect(tiers.error).toBeNull();
});
afterAll(async () => {
  await h?.stop();
});

const call = (fn: string, token: string, body: Record<string, unknown>) =>
  fetch(`${h.backend.url}/functions/v1/${fn}`, {
    method: 'POST',
    headers: { apikey: h.backend.anonKey, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

const customersOf = async (userId: string) =>
  (await h.backend.query('select customer_id from public.stripe_customers where user_id = $1', [userId])).rows;

describe('payment functions and an app token', () => {
  it('refuse the token of an app the fan connected; the fan’s own session pays', async () => {
    const fan = await createUserClient(h.backend, uniqueEmail('fan'), 'fan-pass-1');
    const as = await discover(h.backend);
    const reg = await registerClient(h.backend, 'client_secret_post');
    const started = await startAuthorization(as, reg.client, { scope: 'email' });
    const tokens: oauth.TokenEndpointResponse = await exchange(
      as,
      reg,
      await approve(fan.client, started.authorizationId),
      started,
    );
    const appToken = tokens.access_token;

    const attempts: [string, Record<string, unknown>][] = [
      ['create-checkout', { artist_id: artistId, level: 1, return_url: 'http://localhost:4173/' }],
      ['change-tier', { artist_id: artistId, level: 2 }],
      ['billing-portal', { return_url: 'http://localhost:4173/' }],
    ];
    for (const [fn, body] of attempts) {
      const res = await call(fn, appToken, body);
      expect({ fn, status: res.status, body: await res.json() }).toMatchObject({
        fn,
        status: 403,
        body: { error: 'app_token' },
      });
    }
    // Nothing was made at Stripe on the fan's behalf.
    expect(await customersOf(fan.user.id)).toEqual([]);

    const own = await call('create-checkout', fan.accessToken, attempts[0]![1]);
    expect(own.status).toBe(200);
    expect(((await own.json()) as { url?: string }).url).toMatch(/^http/);
    expect(await customersOf(fan.user.id)).toHaveLength(1);
  });
});
