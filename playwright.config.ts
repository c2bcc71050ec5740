import { defineConfig } from '@playwright/test';
import { existsSync } from 'node:fs';

/**
 * e2e runs in Debian's Chromium (no browser download exists on these machines) against `npm start`:
 * the production build on :4173 plus the local backend on :54321.
 * E2E_BASE_URL points the suite at an already running server (e.g. a dev server) instead.
 */
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromePath)) {
  throw new Error(
    `Chromium not found at ${chromePath}. Install it with \`apt-get install -y chromium\` or set CHROME_PATH.`,
  );
}

const externalBaseUrl = process.env.E2E_BASE_URL;

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PW_JSON_REPORT
    ? [['list'], ['json', { outputFile: process.env.PW_JSON_REPORT }]]
    : [['list']],
  use: {
    baseURL: externalBaseUrl ?? 'http://localhost:4173',
    trace: 'retain-on-failure',
    serviceWorkers: 'allow',
    launchOptions: {
      executablePath: chromePath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: externalBaseUrl
    ? undefined
    : {
        command: 'node scripts/start.mjs --e2e',
        url: 'http://localhost:4173',
        reuseExistingServer: !process.env.CI,
        timeout: 180_000,
        stdout: 'pipe',
        stderr: 'pipe',
      },
});
