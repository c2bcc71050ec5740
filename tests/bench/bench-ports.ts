/**
 * The backend port a production build expects (its VITE_SUPABASE_URL): the benches that open the
 * build (first-screen, lighthouse) start their backend there. `BENCH_BACKEND_PORT`, default the
 * default build's 54321; scripts/bench.mjs builds for a free port and sets it. A port already
 * taken (e.g. by someone's `npm start` or e2e run) is refused, never shared.
 */
import net from 'node:net';

export const BENCH_BACKEND_PORT = Number(process.env.BENCH_BACKEND_PORT ?? 54321);
export const BENCH_BACKEND_URL = `http://127.0.0.1:${BENCH_BACKEND_PORT}`;

/** Throws when something listens on BENCH_BACKEND_PORT already. */
export async function backendPortFree(): Promise<void> {
  const taken = await new Promise<boolean>((resolve) => {
    const socket = net.connect({ port: BENCH_BACKEND_PORT, host: '127.0.0.1' });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
  if (taken)
    throw new Error(
      `port ${BENCH_BACKEND_PORT} is taken: build with VITE_SUPABASE_URL=http://127.0.0.1:<free port> and set ` +
        'BENCH_BACKEND_PORT to it (npm run bench does both)',
    );
}
