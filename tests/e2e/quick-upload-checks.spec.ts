/**
 * Issue 38 item 7 in the UI: Quick Upload in Your Bucket runs the same content check as Upload
 * Content. A Linux program renamed .mp3 and an empty .mp3 are refused with a message each and
 * never queued (no 'Released' + 'Not saved' item); a real WAV uploads, passes the server's check
 * and shows 'Released'. With CONTENT_SHOTS_DIR set, the refusal is screenshotted there.
 */
import { expect, test } from '@playwright/test';
import { toneWav } from '../../src/features/locker/offline-media/tone-wav';
import { elfExecutable } from '../fixtures/media-samples';
import { signUpArtist } from './helpers';

const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const SHOTS = process.env.CONTENT_SHOTS_DIR;

test('Quick Upload refuses a renamed program and an empty file with a message each; a real file is released', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signUpArtist(page, `quick-${run}@example.test`, 'secret-pass-1', { name: `Quick Check ${run.slice(-4)}` });
  const bucket = page.getByRole('region', { name: 'Your Bucket' });
  await bucket.getByRole('button', { name: 'Quick Upload' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload to Bucket' });
  await dialog.locator('input[type="file"]').setInputFiles([
    { name: 'Hit Single.mp3', mimeType: 'audio/mpeg', buffer: Buffer.from(elfExecutable()) },
    { name: 'Empty.mp3', mimeType: 'audio/mpeg', buffer: Buffer.alloc(0) },
  ]);
  const alert = dialog.getByRole('alert');
  await expect(alert).toContainText('Hit Single.mp3 is not a real MP3 file: its content is a Linux program.');
  await expect(alert).toContainText('Empty.mp3 is empty (0 bytes), so there is nothing to upload.');
  await dialog.getByLabel('Title').fill('Should not upload');
  // Nothing was added: there is nothing to upload.
  await expect(dialog.getByRole('button', { name: 'Upload', exact: true })).toBeDisabled();
  if (SHOTS) await dialog.screenshot({ path: `${SHOTS}/quick-upload-refused.png` });

  const title = `Real Tone ${run}`;
  await dialog.locator('input[type="file"]').setInputFiles({
    name: `${title}.wav`,
    mimeType: 'audio/wav',
    buffer: Buffer.from(toneWav(title, { seconds: 3 })),
  });
  await expect(dialog.getByText(`${title}.wav`)).toBeVisible();
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  const item = bucket.getByTestId('bucket-item').filter({ hasText: title });
  await expect(item.getByTestId('release-state')).toHaveText('Released', { timeout: 60_000 });
  await expect(bucket.getByText('Not saved')).toHaveCount(0);
  await expect(bucket.getByText('Should not upload')).toHaveCount(0);
  if (SHOTS) await bucket.screenshot({ path: `${SHOTS}/quick-upload-released.png` });
});
