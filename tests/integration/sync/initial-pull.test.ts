import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentItemRows, seedContentItems } from '../../fixtures/content-items';
import { createArtistClient, withBackend, type LocalBackend } from '../helpers/backend';
import { openDevice, type Device } from './devices';

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
    const artist = await createArtistClient(backend, email, 'secret-password');
    const [sample] = (await seedContentItems((sql) => backend.query(sql), artist.client, contentItemRows(artist.user.id, 5000))).slice(4320);
    fan = await openDevice(backend, email);
    const started = performance.now();
    await fan.engine.start();
    await fan.engine.resync();
    const seconds = (performance.now() - started) / 1000;
    expect(await fan.engine.db.content_items.count().exec()).toBe(5000);
    const one = await fan.engine.db.content_items.findOne({ selector: { title: 'Track 4321' } }).exec();
    expect(one?.metadata).toEqual(sample!.metadata);
    expect(one?.file_size).toBe(5321);
    expect(one?.sync_state).toBe('clean');
    console.info(`5,000 content rows pulled in ${seconds.toFixed(2)} s (${Math.round(5000 / seconds)} rows/s, ajv + dev-mode on)`);
  });
});
