/**
 * Collaboration screens through the locker demo: the high-match filter, offers by user
 * type with their status labels, the create modals, and 'Coming soon' for actions the spec leaves inert.
 */
import { expect, test, type Page, type Request } from '@playwright/test';

async function openDemo(page: Page, view: string) {
  await page.goto('/locker-demo');
  await page.getByText(view, { exact: true }).click();
}

test('Browse: High Match keeps match score 85+ or engagement 18%+ only (artist and brand views)', async ({ page }) => {
  const requests: string[] = [];
  await openDemo(page, 'Collab Portal');
  // The first visit's own start-up (the service worker fetching the build manifest to cache the
  // rest) is not the filter's doing: record once it is over.
  await expect(page.locator('html')).toHaveAttribute('data-offline-ready', 'true', { timeout: 30_000 });
  page.on('request', (request: Request) => {
    if (!/^(data|blob):/.test(request.url())) requests.push(request.url());
  });
  const cards = page.getByTestId('browse-card');
  await expect(cards).toHaveCount(4);
  await expect(page.getByTestId('browse-count')).toHaveText('4 brand campaigns');
  await page.getByTestId('browse-filter').getByText('High Match', { exact: true }).click();
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('93% match');
  // Budget and timeline only reorder.
  await page.getByTestId('browse-filter').getByText('Budget', { exact: true }).click();
  await expect(cards).toHaveCount(4);
  await expect(cards.first()).toContainText('$60K');

  await page.getByText('View as Brand').click();
  await expect(cards).toHaveCount(4);
  await expect(page.getByRole('button', { name: 'Start Conversation' }).first()).toBeVisible();
  await page.getByTestId('browse-filter').getByText('High Match', { exact: true }).click();
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('21.4% engagement');
  expect(requests).toEqual([]);
});

test("Browse actions and the detail modal say 'Coming soon'", async ({ page }) => {
  await openDemo(page, 'Collab Portal');
  await page.getByRole('button', { name: 'Express Interest' }).first().click();
  // A notification: the container mounts with the first one (src/app-chrome.tsx).
  await expect(page.getByRole('alert').filter({ hasText: 'Coming soon' })).toBeVisible();
  await page.getByRole('button', { name: 'Details' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Hear It Raw' });
  await expect(dialog.getByRole('button', { name: 'Start Collaboration' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Save for Later' })).toBeVisible();
});

test('Create opens Pitch to Brands for artists and Create Campaign for brands', async ({ page }) => {
  await openDemo(page, 'Collab Portal');
  await page.getByRole('tab', { name: 'Create' }).click();
  const pitch = page.getByRole('dialog', { name: 'Pitch to Brands' });
  await pitch.getByLabel('Budget range').click();
  for (const range of ['$5K-$15K', '$15K-$30K', '$30K-$50K', '$50K+'])
    await expect(page.getByRole('option', { name: range })).toBeVisible();
  await page.keyboard.press('Escape');
  await pitch.getByRole('button', { name: 'Send Pitch' }).click();
  await expect(page.getByText('Coming soon').first()).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByText('View as Brand').click();
  await page.getByRole('tab', { name: 'Create' }).click();
  const campaign = page.getByRole('dialog', { name: 'Create Campaign' });
  await campaign.getByLabel('Payout model').click();
  for (const model of ['Per code claimed', 'Flat rate', 'Revenue share', 'Hybrid'])
    await expect(page.getByRole('option', { name: model })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(campaign.getByRole('button', { name: 'Launch Campaign' })).toBeVisible();
});

test('Collaboration Hub: offers by user type with status labels, proposal form', async ({ page }) => {
  await openDemo(page, 'Collaboration Hub');
  for (const tab of ['Active Offers', 'Discover Opportunities', 'Create Proposal', 'Collaboration Analytics'])
    await expect(page.getByRole('tab', { name: tab })).toBeVisible();
  await expect(page.getByTestId('offer-item')).toHaveCount(3);
  for (const label of ['Awaiting Response', 'In Progress', 'Accepted'])
    await expect(page.getByTestId('offer-item').getByText(label)).toBeVisible();
  await page.getByTestId('offer-item').nth(1).click();
  await expect(page.getByTestId('offer-detail')).toContainText('Night Shift Capsule');
  await page.getByRole('button', { name: 'Accept Offer' }).click();
  await expect(page.getByText('Coming soon').first()).toBeVisible();

  await page.getByText('View as Brand').click();
  await expect(page.getByTestId('offer-item')).toHaveCount(2);

  await page.getByRole('tab', { name: 'Create Proposal' }).click();
  for (const field of [
    'Campaign Title',
    'Cultural Narrative',
    'Proposed Timeline',
    'Community Reach',
    'Proposed Deliverables',
    'Budget Request',
  ]) {
    await expect(page.getByLabel(field, { exact: true }).first()).toBeVisible();
  }
  await page
    .getByRole('textbox', { name: 'Proposed Timeline' })
    .or(page.getByRole('combobox', { name: 'Proposed Timeline' }))
    .first()
    .click();
  for (const option of ['1-2 weeks', '3-4 weeks', '1-2 months', '3+ months'])
    await expect(page.getByRole('option', { name: option })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Submit Collaboration Proposal' })).toBeVisible();
});
