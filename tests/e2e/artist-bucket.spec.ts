/**
 * An artist with many items on a new device: 'Your Bucket' shows what has arrived while
 * the rest is still syncing ('Syncing… n items so far'), never a spinner until everything is down,
 * and lists 50 entries at a time with 'Show more' (rendering thousands blocked the page).
 * The second pull page is held back by the test, so "while syncing" is a state, not a race.
 */
import { expect, test, type Route } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';

const BACKEND = process.env.E2E_BACKEND_URL ?? 'http://127.0.0.1:54321';
const ANON =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
const ROWS = 1200; // more than one pull page (1,000)

/** Node 20 has no WebSocket; this client never subscribes to realtime. */
class NoRealtime {
  constructor() {
    throw new Error('no realtime in this test');
  }
}

test('a 1,200-item artist sees the first page while the rest syncs, then pages of 50', async ({ page }) => {
  test.setTimeout(360_000); // includes storing 1,200 objects first (upload checks)
  const c = createClient(BACKEND, ANON, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: NoRealtime as never },
  });
  const email = `e2e-bucket-${Date.now()}@example.com`;
  const { data, error } = await c.auth.signUp({ email, password: 'secret123', options: { data: { role: 'artist' } } });
  expect(error).toBeNull();
  const id = data.session!.user.id;
  await c.from('profiles').upsert({ id, display_name: 'E2E bucket', role: 'artist', onboarding_completed: true });
  await c.from('media_ids').insert({ user_uuid: id, role: 'artist', interests: ['a', 'b', 'c'] });
  for (let from = 0; from < ROWS; from += 100) {
    const rows = Array.from({ length: 100 }, (_, i) => ({
      artist_id: id,
      title: `Track ${String(from + i).padStart(4, '0')}`,
      file_path: `${id}/${from + i}-t.mp3`,
      file_type: 'audio/mpeg',
      file_size: 1000,
      metadata: {},
      is_public: true,
    }));
    // A row names a stored object of its size (upload checks): store them first, 40 at a time;
    // 100 rows per insert keep 100 object lookups well inside the 8 s statement timeout on a busy machine.
    for (let i = 0; i < rows.length; i += 40) {
      const stored = await Promise.all(
        rows
          .slice(i, i + 40)
          .map((row) =>
            c.storage
              .from('content')
              .upload(row.file_path, new Blob([new Uint8Array(row.file_size)], { type: row.file_type })),
          ),
      );
      expect(stored.map((r) => r.error)).toEqual(stored.map(() => null));
    }
    const insert = await c.from('content_items').insert(rows);
    expect(insert.error).toBeNull();
  }

  // Hold every content_items pull after the first page until the first page is on screen.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/rest/v1/rpc/sync_pull', async (route: Route) => {
    const args = (route.request().postDataJSON() ?? {}) as { p_collection?: string; p_checkpoint?: unknown };
    if (args.p_collection === 'content_items' && args.p_checkpoint) await released;
    await route.continue();
  });

  await page.goto('/login');
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill('secret123');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL(/\/dashboard\/artist/, { timeout: 60_000 });

  const bucket = page.getByRole('region', { name: 'Your Bucket' });
  const list = bucket.getByRole('list', { name: 'Bucket contents' });
  // The first page (1,000 rows) is on the device, the rest is held: what arrived is listed.
  const note = bucket.getByRole('status');
  await expect(note).toHaveText(/^Syncing… [\d,]+ items so far$/, { timeout: 30_000 });
  const soFar = Number((await note.textContent())!.replace(/\D/g, ''));
  expect(soFar).toBeGreaterThan(50);
  expect(soFar).toBeLessThanOrEqual(1000);
  await expect(list.getByTestId('bucket-item')).toHaveCount(50);
  await expect(bucket.getByTestId('bucket-count')).toHaveText(`Showing 50 of ${soFar.toLocaleString('en-US')} items`);

  release();
  await expect(bucket.getByText('Showing 50 of 1,200 items')).toBeVisible({ timeout: 30_000 });
  await expect(bucket.getByRole('status')).toHaveCount(0, { timeout: 30_000 });

  await bucket.getByRole('button', { name: 'Show more' }).click();
  await expect(list.getByTestId('bucket-item')).toHaveCount(100);
  await expect(bucket.getByText('Showing 100 of 1,200 items')).toBeVisible();
  // A new sort starts again from the first page.
  await bucket.getByRole('combobox', { name: 'Sort' }).click();
  await page.getByRole('option', { name: 'Name' }).click();
  await expect(list.getByTestId('bucket-item')).toHaveCount(50);
  await expect(list.getByTestId('bucket-item').first()).toContainText('Track 0000');
});
