/**
 * A 20 MB upload survives a network cut and a reload: queued through the Upload Manager, cut after
 * the first 6 MiB chunk (page AND service worker), page reloaded, network restored → the object on
 * the server is byte-identical, exactly one content_items row exists, the queue lists it once.
 */
import { createHash } from 'node:crypto';
import { expect, test, type Route } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';
import { mp3File } from '../fixtures/media-samples';

const BACKEND = process.env.E2E_BACKEND_URL ?? 'http://127.0.0.1:54321';
const ANON =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
// A real MP3 of about 20 MB (MPEG frames the Upload Manager's content check accepts).
const FRAMES = Math.ceil((20 * 1024 * 1024) / 417);

function fileBytes(): Buffer {
  return Buffer.from(mp3File(FRAMES));
}

/** Node 20 has no WebSocket; these clients never subscribe to realtime. */
class NoRealtime {
  constructor() {
    throw new Error('no realtime in this test');
  }
}
const NODE_CLIENT = { persistSession: false, autoRefreshToken: false };

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

test('a 20 MB upload cut mid-way and reloaded completes once, byte-identical', async ({ context, page }) => {
  test.setTimeout(180_000);
  // A real artist on the local backend; the page gets its session the way supabase-js stores it.
  const client = createClient(BACKEND, ANON, { auth: NODE_CLIENT, realtime: { transport: NoRealtime as never } });
  const email = `e2e-upload-${Date.now()}@example.com`;
  const { data: signUp, error } = await client.auth.signUp({
    email,
    password: 'secret123',
    options: { data: { role: 'artist' } },
  });
  expect(error).toBeNull();
  const session = signUp.session!;
  const userId = session.user.id;
  await client.from('media_ids').insert({ user_uuid: userId, role: 'artist' });
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
    { stored: session, id: userId, mail: email },
  );

  // Hold the second chunk: the cut then happens at 6 MiB of 20 (30 %), mid-upload.
  let patches = 0;
  let holding = true;
  let releaseHeld: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (releaseHeld = resolve));
  let secondChunkStarted: () => void = () => undefined;
  const secondChunk = new Promise<void>((resolve) => (secondChunkStarted = resolve));
  await context.route('**/storage/v1/upload/resumable/**', async (route: Route) => {
    if (route.request().method() === 'PATCH' && holding && ++patches === 2) {
      secondChunkStarted();
      await held;
      return route.abort('internetdisconnected');
    }
    return route.continue();
  });

  await page.goto('/dashboard/artist');
  const hasWorker = await page
    .waitForFunction(() => Boolean(navigator.serviceWorker?.controller), null, { timeout: 8_000 })
    .then(() => true)
    .catch(() => false);
  await page
    .getByRole('button', { name: /Upload Content/ })
    .first()
    .click();
  const bytes = fileBytes();
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'E2E Track.mp3', mimeType: 'audio/mpeg', buffer: bytes });
  await expect(page.getByText('File 1 of 1')).toBeVisible();
  await expect(page.getByLabel('Title')).toHaveValue('E2E Track');
  await page.getByRole('button', { name: 'Review', exact: true }).click();
  await page.getByRole('button', { name: 'Start Upload' }).click();
  await expect(page.getByRole('button', { name: 'Uploading...' })).toBeDisabled();
  await secondChunk;

  // Cut the network for the page and the service worker, then reload.
  await context.setOffline(true);
  await context.route('**/*', (route) => route.abort('internetdisconnected'));
  holding = false;
  releaseHeld();
  if (hasWorker) {
    await page.reload();
    await expect(page.getByTestId('own-header').getByRole('button', { name: 'Upload Content' })).toBeVisible();
  }
  await context.unroute('**/*');
  await context.setOffline(false);
  if (!hasWorker) await page.reload();

  // Back online: the outbox resumes on its own; the queue shows the file once, completed.
  await page
    .getByRole('button', { name: /Upload Content/ })
    .first()
    .click();
  const entries = page.getByTestId('outbox-entry');
  await expect(entries).toHaveCount(1);
  await expect(entries.first()).toHaveAttribute('data-status', 'completed', { timeout: 90_000 });

  const signedIn = createClient(BACKEND, ANON, {
    auth: NODE_CLIENT,
    realtime: { transport: NoRealtime as never },
    global: { headers: { Authorization: `Bearer ${session.access_token}` } },
  });
  const { data: rows } = await signedIn.from('content_items').select('*').eq('artist_id', userId);
  expect(rows).toHaveLength(1);
  expect(rows![0]).toMatchObject({ title: 'E2E Track', file_size: bytes.length, file_type: 'audio/mpeg' });
  const { data: object, error: downloadError } = await signedIn.storage.from('content').download(rows![0]!.file_path);
  expect(downloadError).toBeNull();
  expect(sha(new Uint8Array(await object!.arrayBuffer()))).toBe(sha(bytes));
});
