/**
 * Artists reach fans, three browser contexts on one local backend: an artist uploads a
 * Tier 1 track through the Upload Manager; a Tier 1 follower, whose dashboard is already open,
 * gets it in the Daily Locker without reloading, plays and seeks it, keeps it, goes offline,
 * reloads and plays it from the device; a free follower sees it Locked and cannot fetch it.
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { createClient, type Session } from '@supabase/supabase-js';
import { toneWav } from '../../src/features/locker/offline-media/tone-wav';
import { goOffline, waitForServiceWorker } from './helpers';

const BACKEND = process.env.E2E_BACKEND_URL ?? 'http://127.0.0.1:54321';
const ANON =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
const SERVICE =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';

/** Node 20 has no WebSocket; these clients never subscribe to realtime. */
class NoRealtime {
  constructor() {
    throw new Error('no realtime in this test');
  }
}
const client = (key = ANON) =>
  createClient(BACKEND, key, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: NoRealtime as never },
  });

async function account(role: 'artist' | 'fan', tag: string) {
  const c = client();
  const email = `e2e-${tag}-${Date.now()}@example.com`;
  const { data, error } = await c.auth.signUp({ email, password: 'secret123', options: { data: { role } } });
  expect(error).toBeNull();
  const session = data.session!;
  await c
    .from('profiles')
    .upsert({ id: session.user.id, display_name: `E2E ${tag}`, role, onboarding_completed: true });
  await c.from('media_ids').insert({ user_uuid: session.user.id, role, interests: ['a', 'b', 'c'] });
  return { client: c, session, id: session.user.id, email };
}

/** A real sign-in through /login (starts the fan's sync engine, unlike the memory harness). */
async function signInThroughUi(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill('secret123');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL(/\/dashboard\/fan/, { timeout: 60_000 });
}

async function signInPage(context: BrowserContext, who: { session: Session; id: string; email: string }, role: string) {
  await context.addInitScript(
    ({ stored, id, mail, r }) => {
      localStorage.setItem('bucket-auth', JSON.stringify(stored));
      (window as unknown as { __BUCKET_TEST_AUTH__: unknown }).__BUCKET_TEST_AUTH__ = {
        user: { id, email: mail, user_metadata: { role: r } },
        profile: {
          selectedRole: r,
          availableRoles: [r],
          hasCompletedOnboarding: true,
          hasMediaID: true,
          hasRoleSpecificMediaID: true,
        },
      };
    },
    { stored: who.session, id: who.id, mail: who.email, r: role },
  );
}

const TITLE = `Tape Hiss ${Date.now().toString(36)}`;

async function audioState(page: Page) {
  return page.locator(`audio[aria-label="Play ${TITLE}"]`).evaluate((el) => {
    const a = el as HTMLAudioElement;
    return { paused: a.paused, time: a.currentTime, src: a.currentSrc };
  });
}

test('a Tier 1 track reaches its follower live and offline; a free follower sees it Locked', async ({ browser }) => {
  test.setTimeout(240_000);
  const artist = await account('artist', 'artist');
  const fan = await account('fan', 'fan');
  const freeFan = await account('fan', 'free');
  for (const f of [fan, freeFan]) {
    const follow = await f.client
      .from('subscriptions')
      .insert({ fan_id: f.id, artist_id: artist.id, artist_name: 'E2E artist' });
    expect(follow.error).toBeNull();
  }
  const grant = await client(SERVICE)
    .from('subscriptions')
    .update({ tier: 'tier1', price: 5 })
    .eq('id', `${fan.id}|${artist.id}`);
  expect(grant.error).toBeNull();

  const fanContext = await browser.newContext();
  const fanPage = await fanContext.newPage();
  await signInThroughUi(fanPage, fan.email);
  await waitForServiceWorker(fanPage);
  // A new fan has no sample drops since issue 31: the dashboard is ready when its locker says it is empty.
  await expect(fanPage.getByText('Your Locker is Empty')).toBeVisible({ timeout: 30_000 });

  // The artist uploads through the Upload Manager: Tier 1, public release.
  const artistContext = await browser.newContext();
  await signInPage(artistContext, artist, 'artist');
  const artistPage = await artistContext.newPage();
  await artistPage.goto('/dashboard/artist');
  await artistPage
    .getByRole('button', { name: /Upload Content/ })
    .first()
    .click();
  await artistPage
    .locator('input[type="file"]')
    .setInputFiles({
      name: `${TITLE}.wav`,
      mimeType: 'audio/wav',
      buffer: Buffer.from(toneWav(TITLE, { seconds: 8 })),
    });
  await expect(artistPage.getByLabel('Title')).toHaveValue(TITLE);
  await artistPage.getByLabel('Subscription Tier', { exact: true }).first().click();
  await artistPage.getByRole('option', { name: 'Tier 1 ($5/month)' }).click();
  await artistPage.getByLabel('Public release').check();
  await artistPage.getByRole('button', { name: 'Review', exact: true }).click();
  await artistPage.getByRole('button', { name: 'Start Upload' }).click();
  await expect(artistPage.getByText('Upload Complete!')).toBeVisible({ timeout: 60_000 });

  // The follower's open dashboard gets it without a reload (live sync, or the next pull).
  await fanPage.bringToFront();
  await fanPage.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(fanPage.getByRole('heading', { name: TITLE })).toBeVisible({ timeout: 60_000 });
  // Its Play button opens the player, which starts (the click allows it); it plays and seeks while streaming.
  await fanPage.getByRole('button', { name: `Play ${TITLE}` }).click();
  await expect.poll(async () => (await audioState(fanPage)).paused).toBe(false);
  await fanPage.locator(`audio[aria-label="Play ${TITLE}"]`).evaluate(async (el) => {
    const a = el as HTMLAudioElement;
    a.muted = true;
    await a.play();
    a.currentTime = 4;
  });
  await expect.poll(async () => (await audioState(fanPage)).time).toBeGreaterThan(3.9);
  expect((await audioState(fanPage)).paused).toBe(false);

  // Keep it, go offline, reload: it plays from the device.
  await fanPage.getByRole('button', { name: 'Keep for offline listening' }).first().click();
  await expect(fanPage.getByText(/Kept offline/).first()).toBeVisible({ timeout: 30_000 });
  await goOffline(fanContext);
  await fanPage.reload();
  await expect(fanPage.getByRole('heading', { name: TITLE })).toBeVisible({ timeout: 30_000 });
  await fanPage.getByRole('button', { name: `Play ${TITLE}` }).click();
  await expect.poll(async () => (await audioState(fanPage)).src, { timeout: 20_000 }).toMatch(/^blob:/);
  await fanPage.locator(`audio[aria-label="Play ${TITLE}"]`).evaluate(async (el) => {
    const a = el as HTMLAudioElement;
    a.muted = true;
    await a.play();
    a.currentTime = 2;
  });
  await expect.poll(async () => (await audioState(fanPage)).time).toBeGreaterThan(1.9);

  // The free follower sees it Locked, with nothing to play, and the server refuses the object.
  const freeContext = await browser.newContext();
  const freePage = await freeContext.newPage();
  await signInThroughUi(freePage, freeFan.email);
  await expect(freePage.getByRole('heading', { name: TITLE })).toBeVisible({ timeout: 60_000 });
  await expect(freePage.getByText('Locked', { exact: true }).first()).toBeVisible();
  await expect(freePage.getByLabel(`Play ${TITLE}`)).toHaveCount(0);
  const { data: rows } = await artist.client.from('content_items').select('file_path').eq('title', TITLE);
  const path = rows![0]!.file_path as string;
  expect((await freeFan.client.storage.from('content').download(path)).error).not.toBeNull();
  expect((await freeFan.client.storage.from('content').createSignedUrl(path, 60)).error).not.toBeNull();

  await Promise.all([fanContext.close(), artistContext.close(), freeContext.close()]);
});
