// `npx tsx scripts/seed/cli.ts [backend URL]`: seeds the demo accounts and prints them.
import { DEMO_ACCOUNTS, seedDemo } from './demo-seed';

const url = process.argv[2] ?? 'http://127.0.0.1:54321';
try {
  await seedDemo(url);
  console.log('[bucket] demo accounts (password after the slash):');
  console.log(
    `[bucket]   artist   ${DEMO_ACCOUNTS.artist.email} / ${DEMO_ACCOUNTS.artist.password}  (3 tracks: free, Tier 1, Tier 2)`,
  );
  console.log(`[bucket]   fan      ${DEMO_ACCOUNTS.fan.email} / ${DEMO_ACCOUNTS.fan.password}  (follows on Tier 1)`);
  console.log(
    `[bucket]   free fan ${DEMO_ACCOUNTS.freeFan.email} / ${DEMO_ACCOUNTS.freeFan.password}  (follows on the free tier)`,
  );
} catch (error) {
  console.error('[bucket] demo seed failed:', error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
