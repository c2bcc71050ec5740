import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withBackend, type LocalBackend } from '../helpers/backend';
import { openDevice, signUp, type Device } from './devices';

let backend: LocalBackend;
let fan: Device | undefined;

beforeAll(async () => {
  backend = await withBackend();
});
afterAll(async () => {
  await fan?.engine.close();
  await backend.stop();
});

describe('initial sync', () => {
  it("pulls 5,000 rows into an artist's empty device, arrays and objects intact", async () => {
    const email = `seed-artist-${Date.now().toString(36)}@example.test`;
    const artistId = await signUp(backend, email);
    await backend.query(
      `insert into public.content_items (artist_id, title, description, file_path, file_type, file_size, metadata, is_public)
       select $1::uuid, 'Track ' || g, 'seeded', $1::text || '/' || g || '-track.mp3', 'audio/mpeg', 1000 + g,
              jsonb_build_object('album', 'Seed', 'tags', jsonb_build_array('a', 'b'), 'n', g), true
       from generate_series(1, 5000) g`,
      [artistId],
    );
    fan = await openDevice(backend, email);
    const started = performance.now();
    await fan.engine.start();
    await fan.engine.resync();
    const seconds = (performance.now() - started) / 1000;
    expect(await fan.engine.db.content_items.count().exec()).toBe(5000);
    const one = await fan.engine.db.content_items.findOne({ selector: { title: 'Track 4321' } }).exec();
    expect(one?.metadata).toEqual({ album: 'Seed', tags: ['a', 'b'], n: 4321 });
    expect(one?.file_size).toBe(5321);
    expect(one?.sync_state).toBe('clean');
    console.info(`5,000 content rows pulled in ${seconds.toFixed(2)} s (${Math.round(5000 / seconds)} rows/s, ajv + dev-mode on)`);
  });
});
