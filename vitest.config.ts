import { defineConfig } from 'vitest/config';

// Files whose assertions bound wall time (a server answering within 1 s, a reconnect within 3 s)
// or that reuse a port after a restart: they run alone, after the parallel files.
const SERIAL_INTEGRATION = [
  'tests/integration/realtime/freeze-attack.test.ts',
  'tests/integration/realtime/live-fanout.test.ts',
  'tests/integration/sync/live-restart.test.ts',
  'tests/integration/sync/pull-and-isolation.test.ts', // counts requests: a slow run adds poll ticks
  'tests/integration/sync/reconnect.test.ts',
  'tests/integration/webhooks/delivery.test.ts',
];

const integration = {
  environment: 'node' as const,
  testTimeout: 120_000,
  hookTimeout: 120_000,
  // one migrated database per run, loaded by every backend a file starts
  globalSetup: ['tests/integration/helpers/migrated-snapshot.ts'],
};

// Projects: `unit` (pure logic, schemas, fake-indexeddb) and `integration` (sync + backend; every
// file starts its own in-memory backend on a free port, so files run in parallel), plus
// `integration-serial` for the files above (`npm run test:integration` runs both).
export default defineConfig({
  test: {
    projects: [
      {
        // sync/'s entries (`@sync`, `@sync/model`…), declared once in tsconfig.paths.json.
        resolve: { tsconfigPaths: true },
        test: {
          name: 'unit',
          environment: 'node',
          include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx'],
          setupFiles: ['tests/unit/setup.ts'],
        },
      },
      {
        resolve: { tsconfigPaths: true },
        test: {
          ...integration,
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          exclude: SERIAL_INTEGRATION,
          // Vitest's default is one worker per core minus one: a single worker on 2 cores.
          maxWorkers: 2,
          // A worker keeps its modules from file to file (each file still starts its own backend,
          // on its own port, with its own database): importing the backend and its libraries
          // once per worker instead of once per file took the backend folder from 268 s to 185 s.
          isolate: false,
          // Starting a backend (PGlite + every migration) beside another file's on a loaded machine
          // took over 120 s in a run at load 20.
          hookTimeout: 300_000,
          // after `unit` (a group has one worker count)
          sequence: { groupOrder: 1 },
        },
      },
      {
        resolve: { tsconfigPaths: true },
        test: {
          ...integration,
          name: 'integration-serial',
          include: SERIAL_INTEGRATION,
          fileParallelism: false,
          // last: alone, after the parallel files
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
