/**
 * An artist manages what they published (issue 31, deliverable 2), through the UI only: the artist
 * signs up on the artist portal and uploads a draft from 'Your Bucket'; it reaches nobody. They
 * raise its tier and publish it; a fan who signed up on /welcome finds the artist in the catalog
 * by the track, joins, and sees the drop in their locker (locked: it needs Tier 1). The artist
 * unpublishes it and it leaves the fan's open locker without a reload.
 * With CONTENT_SHOTS_DIR set, screenshots of Your Bucket and the edit modal are written there.
 */
import { expect, test, type Page } from '@playwright/test';
import { toneWav } from '../../src/features/locker/offline-media/tone-wav';
import { signUpArtist, signUpFan } from './helpers';

const PASSWORD = 'secret-pass-1';
const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const TITLE = `Cassette Bloom ${run}`;
const SHOTS = process.env.CONTENT_SHOTS_DIR;

async function shoot(page: Page, name: string, target?: ReturnType<Page['locator']>) {
  if (!SHOTS) return;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))); // laid out at the new width
    await (target ?? page).screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Quick Upload from Your Bucket: one WAV; public off; an optional unlock date (datetime-local). */
async function quickUpload(page: Page, title: string, unlockDate?: string) {
  const bucket = page.getByRole('region', { name: 'Your Bucket' });
  await bucket.getByRole('button', { name: 'Quick Upload' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload to Bucket' });
  await dialog.locator('input[type="file"]').setInputFiles({
    name: `${title}.wav`,
    mimeType: 'audio/wav',
    buffer: Buffer.from(toneWav(title, { seconds: 3 })),
  });
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByRole('switch', { name: 'Public' }).uncheck();
  if (unlockDate) await dialog.getByLabel('Unlock Date').fill(unlockDate);
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
}

function bucketItem(page: Page, title: string) {
  return page.getByRole('region', { name: 'Your Bucket' }).getByTestId('bucket-item').filter({ hasText: title });
}

async function manage(page: Page, title: string, action: string) {
  await page.getByRole('button', { name: `Manage ${title}` }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

test('an artist publishes, re-tiers and unpublishes a track; a follower’s locker follows live', async ({ browser }) => {
  test.setTimeout(300_000);
  const artistContext = await browser.newContext();
  const artist = await artistContext.newPage();
  await signUpArtist(artist, `artist-${run}@example.test`, PASSWORD, { name: `Cassette Club ${run.slice(-4)}` });

  // A draft: public off, no unlock date.
  await quickUpload(artist, TITLE);
  const item = bucketItem(artist, TITLE);
  await expect(item.getByTestId('release-state')).toHaveText('Draft', { timeout: 60_000 });
  await expect(item.getByText('Free', { exact: true })).toBeVisible();

  // Edit: the tier goes to Tier 1; an unlock date in the past is refused with a message.
  await manage(artist, TITLE, 'Edit');
  const edit = artist.getByRole('dialog', { name: `Edit ${TITLE}` });
  await edit.getByLabel('Unlock Date').fill('2020-01-01T10:00');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit.getByText('Unlock date must be in the future')).toBeVisible();
  await edit.getByLabel('Unlock Date').fill('');
  await edit.getByRole('combobox', { name: 'Tier' }).click();
  await artist.getByRole('option', { name: 'Tier 1' }).click();
  await shoot(artist, 'edit-modal', edit);
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(item.getByText('Tier 1', { exact: true })).toBeVisible();
  await expect(item.getByTestId('release-state')).toHaveText('Draft');

  await manage(artist, TITLE, 'Publish');
  await expect(item.getByTestId('release-state')).toHaveText('Released');
  await expect(item.getByText('Not synced yet')).toHaveCount(0, { timeout: 30_000 });

  // The fan finds the artist by the track in the catalog, joins, and sees the drop in the locker.
  const fanContext = await browser.newContext();
  const fan = await fanContext.newPage();
  await signUpFan(fan, `fan-${run}@example.test`, PASSWORD);
  await fan.goto('/catalog');
  await fan.getByRole('searchbox', { name: 'Search artists' }).fill(TITLE);
  const card = fan.getByRole('region', { name: 'Artists on Bucket' }).getByRole('article').filter({ hasText: TITLE });
  await card.getByRole('button', { name: /^Join / }).click({ timeout: 30_000 });
  await expect(card.getByText('Joined')).toBeVisible({ timeout: 15_000 });
  await fan.goto('/dashboard/fan');
  await expect(fan.getByRole('heading', { name: TITLE })).toBeVisible({ timeout: 60_000 });

  if (SHOTS) {
    const next = new Date(Date.now() + 7 * 86_400_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    const local = `${next.getFullYear()}-${pad(next.getMonth() + 1)}-${pad(next.getDate())}T20:00`;
    await quickUpload(artist, `Next Week ${run}`, local);
    await expect(bucketItem(artist, `Next Week ${run}`).getByTestId('release-state')).toHaveText(/^Scheduled /, {
      timeout: 60_000,
    });
    await shoot(artist, 'bucket-released-scheduled', artist.getByRole('region', { name: 'Your Bucket' }));
  }

  // The artist unpublishes: the drop leaves the fan's open locker, no reload.
  await artist.bringToFront();
  await manage(artist, TITLE, 'Unpublish');
  await expect(item.getByTestId('release-state')).toHaveText('Draft');
  await fan.bringToFront();
  await expect(fan.getByRole('heading', { name: TITLE })).toHaveCount(0, { timeout: 60_000 });
  await shoot(artist, 'bucket-draft', artist.getByRole('region', { name: 'Your Bucket' }));

  // Delete asks first, then the item leaves the bucket.
  await artist.bringToFront();
  await manage(artist, TITLE, 'Delete');
  const confirm = artist.getByRole('dialog', { name: 'Delete this item?' });
  await shoot(artist, 'delete-confirm', confirm);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(item).toHaveCount(0);
  await artistContext.close();
  await fanContext.close();
});
