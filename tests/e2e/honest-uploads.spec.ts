/**
 * Honest uploads: the Upload Manager checks content, not names. A Windows program
 * renamed .mp3 and an empty .mp3 are refused in the Upload step with a message each, and nothing
 * reaches storage or content_items; a real track uploads, and 'Upload Complete!' appears only once
 * it has (never a "0 of 1" while it is still sending). Screens are saved for review at 390/1280 px.
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { createClient, type Session } from '@supabase/supabase-js';
import { mkdirSync } from 'node:fs';
import { mp3File, peExecutable, wavFile } from '../fixtures/media-samples';

const BACKEND = process.env.E2E_BACKEND_URL ?? 'http://127.0.0.1:54321';
const ANON =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
const SHOTS = process.env.SHOTS_DIR;

/** Node 20 has no WebSocket; these clients never subscribe to realtime. */
class NoRealtime {
  constructor() {
    throw new Error('no realtime in this test');
  }
}

async function artistAccount() {
  const c = createClient(BACKEND, ANON, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: NoRealtime as never },
  });
  const email = `e2e-honest-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;
  const { data, error } = await c.auth.signUp({ email, password: 'secret123', options: { data: { role: 'artist' } } });
  expect(error).toBeNull();
  const session = data.session!;
  await c
    .from('profiles')
    .upsert({ id: session.user.id, display_name: 'E2E honest', role: 'artist', onboarding_completed: true });
  await c.from('media_ids').insert({ user_uuid: session.user.id, role: 'artist', interests: ['a', 'b', 'c'] });
  return { client: c, session, id: session.user.id, email };
}

async function signIn(context: BrowserContext, who: { session: Session; id: string; email: string }) {
  await context.addInitScript(
    ({ stored, id, mail }) => {
      localStorage.setItem('bucket-auth', JSON.stringify(stored));
      (window as unknown as { __BUCKET_TEST_AUTH__: unknown }).__BUCKET_TEST_AUTH__ = {
        user: { id, email: mail, user_metadata: { role: 'artist' } },
        profile: {
          selectedRole: 'artist',
          availableRoles: ['artist'],
          hasCompletedOnboarding: true,
          hasMediaID: true,
          hasRoleSpecificMediaID: true,
        },
      };
    },
    { stored: who.session, id: who.id, mail: who.email },
  );
}

async function openUploadManager(page: Page) {
  await page.goto('/dashboard/artist');
  await page
    .getByRole('button', { name: /Upload Content/ })
    .first()
    .click();
  await expect(page.getByRole('dialog', { name: 'Upload Content' })).toBeVisible();
}

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()!.width}.png`, fullPage: true });
}

test('a renamed executable and an empty .mp3 are refused with a message each, and nothing is uploaded', async ({
  context,
  page,
}) => {
  const artist = await artistAccount();
  await signIn(context, artist);
  let uploads = 0;
  await context.route('**/storage/v1/**', (route) => {
    if (route.request().method() !== 'GET') uploads += 1;
    return route.continue();
  });
  await openUploadManager(page);
  await page.locator('input[type="file"]').setInputFiles([
    { name: 'Hit Single.mp3', mimeType: 'audio/mpeg', buffer: Buffer.from(peExecutable()) },
    { name: 'Empty.mp3', mimeType: 'audio/mpeg', buffer: Buffer.alloc(0) },
  ]);
  const alert = page.getByRole('alert').filter({ hasText: 'Some files were not added' });
  await expect(alert).toContainText('Hit Single.mp3 is not a real MP3 file: its content is a Windows program.');
  await expect(alert).toContainText('Empty.mp3 is empty (0 bytes), so there is nothing to upload.');
  // Still on the Upload step, with no file to continue with.
  await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
  await expect(page.getByText('File 1 of 1')).toHaveCount(0);
  await expect(page.getByTestId('outbox-entry')).toHaveCount(0);

  const listed = await artist.client.storage.from('content').list(artist.id);
  expect(listed.data ?? []).toHaveLength(0);
  const rows = await createClient(BACKEND, ANON, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: NoRealtime as never },
    global: { headers: { Authorization: `Bearer ${artist.session.access_token}` } },
  })
    .from('content_items')
    .select('id')
    .eq('artist_id', artist.id);
  expect(rows.data ?? []).toHaveLength(0);
  expect(uploads).toBe(0);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await shot(page, 'upload-step-rejected');
  }
});

test('the generated MP3 fixture is real: Chromium decodes it', async ({ page }) => {
  await page.goto('/');
  const duration = await page.evaluate(
    async (bytes) => {
      const context = new OfflineAudioContext(1, 1, 44100);
      const buffer = await context.decodeAudioData(new Uint8Array(bytes).buffer);
      return buffer.duration;
    },
    Array.from(mp3File(100, { xing: true, id3: true })),
  );
  expect(duration).toBeGreaterThan(2);
});

test("'Upload Complete!' appears only when the upload has finished, counting it as completed", async ({
  context,
  page,
}) => {
  test.setTimeout(120_000);
  const artist = await artistAccount();
  await signIn(context, artist);
  // Hold the transfer: the completion dialog must not appear while the file is still sending.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  let heldTransfers = 0;
  await context.route('**/storage/v1/upload/resumable/**', async (route) => {
    if (route.request().method() === 'PATCH') {
      heldTransfers += 1;
      await held;
    }
    return route.continue();
  });
  await openUploadManager(page);
  // Every text the completion count ever shows, from the first frame.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __completeTexts: string[] }).__completeTexts = seen;
    new MutationObserver(() => {
      const el = document.querySelector('[data-testid="upload-complete-count"]');
      if (el?.textContent && seen.at(-1) !== el.textContent) seen.push(el.textContent);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'Night Drive.wav', mimeType: 'audio/wav', buffer: Buffer.from(wavFile(3)) });
  await expect(page.getByText('File 1 of 1')).toBeVisible();

  // Metadata: tier and an unlock date; Review shows both and the release state.
  await page.getByLabel('Subscription Tier', { exact: true }).first().click();
  await page.getByRole('option', { name: 'Tier 2 ($10/month)' }).click();
  const unlock = new Date(Date.now() + 3 * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  const local = `${unlock.getFullYear()}-${pad(unlock.getMonth() + 1)}-${pad(unlock.getDate())}T20:00`;
  await page.getByLabel('Unlock Date').fill('2020-01-01T10:00');
  await page.getByRole('button', { name: 'Review', exact: true }).click();
  await expect(page.getByText('Unlock date must be in the future.')).toBeVisible();
  await expect(page.getByText('File 1 of 1')).toBeVisible();
  await page.getByLabel('Unlock Date').fill(local);
  await expect(page.getByText('Unlock date must be in the future.')).toHaveCount(0);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 1000 });
    await shot(page, 'metadata-step-unlock-date');
  }
  await page.getByRole('button', { name: 'Review', exact: true }).click();
  const release_ = page.getByTestId('review-release');
  await expect(release_).toContainText('Tier 2 ($10/month)');
  await expect(release_).toContainText('Scheduled');
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await shot(page, 'review-step');
  }

  await page.getByRole('button', { name: 'Start Upload' }).click();
  await expect(page.getByRole('button', { name: 'Uploading...' })).toBeDisabled();
  // The file's bytes are on their way and held, and the app shows the file uploading: a completion
  // shown before the transfer ends would show now (the observer above records any, to the end).
  await expect.poll(() => heldTransfers, { timeout: 30_000 }).toBeGreaterThan(0);
  await expect(
    page.getByRole('dialog', { name: 'Upload Content' }).getByText('uploading', { exact: true }),
  ).toBeVisible();
  await expect(page.getByText('Upload Complete!')).toHaveCount(0);
  release();
  await expect(page.getByTestId('upload-complete-count')).toHaveText('1 of 1 files uploaded successfully', {
    timeout: 60_000,
  });
  expect(await page.evaluate(() => (window as unknown as { __completeTexts: string[] }).__completeTexts)).toEqual([
    '1 of 1 files uploaded successfully',
  ]);

  // The row carries the tier and the unlock date; the object is the sniffed type.
  const signedIn = createClient(BACKEND, ANON, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: NoRealtime as never },
    global: { headers: { Authorization: `Bearer ${artist.session.access_token}` } },
  });
  await expect
    .poll(async () => (await signedIn.from('content_items').select('*').eq('artist_id', artist.id)).data?.length ?? 0, {
      timeout: 30_000,
    })
    .toBe(1);
  const { data: rows } = await signedIn.from('content_items').select('*').eq('artist_id', artist.id);
  expect(rows![0]).toMatchObject({
    title: 'Night Drive',
    file_type: 'audio/wav',
    subscription_tier_required: 'tier2',
    is_public: false,
  });
  expect(new Date(rows![0]!.unlock_date as string).getTime()).toBe(new Date(local).getTime());
});
