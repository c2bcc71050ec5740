import { describe, expect, it } from 'vitest';
import { mediaIdKey, upsertMediaId } from '../../../sync';
import { openDevice, serverFields, signUp, useDeviceSuite, waitFor, waitForStatus, type Device } from './devices';

const suite = useDeviceSuite();
const open = suite.open;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function twoDevicesOfOneUser(tag: string): Promise<[Device, Device]> {
  const email = `${tag}-${Date.now().toString(36)}@example.test`;
  await signUp(suite.backend, email);
  const a = await openDevice(suite.backend, email);
  const b = await openDevice(suite.backend, email);
  open.push(a, b);
  await Promise.all([a.engine.start(), b.engine.start()]);
  await Promise.all([a.engine.resync(), b.engine.resync()]);
  return [a, b];
}

async function serverMediaId(id: string) {
  const { rows } = await suite.backend.query('select * from public.media_ids where id = $1', [id]);
  return rows;
}

async function localMediaId(device: Device, id: string) {
  const doc = await device.engine.db.media_ids.findOne(id).exec();
  return doc ? (doc.toMutableJSON() as unknown as Record<string, unknown>) : null;
}

describe('two devices of one user', () => {
  it('a write made offline on A reaches the server exactly once and then B', async () => {
    const [a, b] = await twoDevicesOfOneUser('offline');
    a.setOffline(true);
    const id = mediaIdKey(a.userId, 'fan');
    await upsertMediaId(a.engine.db, { user_uuid: a.userId, role: 'fan', interests: ['Rising talent', 'Early releases', 'Jazz nights'] });
    await waitForStatus(a, 'offline');
    expect(await waitFor(async () => (await firstValue(a.engine.pendingCount$)) === 1)).toBe(true);
    expect(await serverMediaId(id)).toHaveLength(0);

    a.setOffline(false);
    await a.engine.resync(); // what the `online` event triggers in a browser
    await waitForStatus(a, 'synced');
    const rows = await serverMediaId(id);
    expect(rows).toHaveLength(1);
    expect(rows[0].interests).toEqual(['Rising talent', 'Early releases', 'Jazz nights']);
    expect((await localMediaId(a, id))?.sync_state).toBe('clean');

    await b.engine.resync();
    expect((await localMediaId(b, id))?.interests).toEqual(['Rising talent', 'Early releases', 'Jazz nights']);
    await a.engine.resync();
    expect(await serverMediaId(id)).toHaveLength(1);
  });

  it.each([
    ['A reconnects first', 0],
    ['B reconnects first', 1],
  ])('concurrent offline edits converge deterministically, no field group lost (%s)', async (_label, firstIndex) => {
    const [a, b] = await twoDevicesOfOneUser(`conflict${firstIndex}`);
    const id = mediaIdKey(a.userId, 'fan');
    await upsertMediaId(a.engine.db, { user_uuid: a.userId, role: 'fan', interests: ['One', 'Two', 'Three'], location_code: 'US' });
    await a.engine.resync();
    await b.engine.resync();
    expect((await localMediaId(b, id))?.interests).toEqual(['One', 'Two', 'Three']);

    a.setOffline(true);
    b.setOffline(true);
    await upsertMediaId(a.engine.db, {
      user_uuid: a.userId,
      role: 'fan',
      interests: ['A1', 'A2', 'A3'],
      privacy_settings: { audio_capture: true },
      content_flags: { mood: 'calm' },
    });
    await sleep(20);
    await upsertMediaId(b.engine.db, {
      user_uuid: a.userId,
      role: 'fan',
      interests: ['B1', 'B2', 'B3', 'B4'],
      location_code: 'DE',
      genre_preferences: ['Jazz', 'Lo-fi'],
      privacy_settings: { marketing_communications: true },
      content_flags: { likes: ['synths'] },
    });

    const order = firstIndex === 0 ? [a, b] : [b, a];
    for (const device of order) {
      device.setOffline(false);
      await device.engine.resync();
    }
    await order[0]!.engine.resync();
    await order[1]!.engine.resync();

    const expected = {
      interests: ['B1', 'B2', 'B3', 'B4'], // both edited: B's edit is newer
      location_code: 'DE',
      genre_preferences: ['Jazz', 'Lo-fi'],
      privacy_settings: {
        data_sharing: true,
        location_access: false,
        audio_capture: true,
        anonymous_logging: true,
        marketing_communications: true,
      },
      content_flags: { mood: 'calm', likes: ['synths'] },
    };
    const onA = await localMediaId(a, id);
    const onB = await localMediaId(b, id);
    expect(onA).toMatchObject(expected);
    expect(serverFields(onA)).toEqual(serverFields(onB));
    expect(onA?.sync_modified).toBe(onB?.sync_modified);
    const [row] = await serverMediaId(id);
    expect(row).toMatchObject(expected);
    expect(onA?.sync_state).toBe('clean');
    expect(onB?.sync_state).toBe('clean');
  });

  it('arrays and objects round-trip through insert and repeated updates', async () => {
    const [a, b] = await twoDevicesOfOneUser('arrays');
    const id = mediaIdKey(a.userId, 'artist');
    await upsertMediaId(a.engine.db, { user_uuid: a.userId, role: 'artist', interests: ['x', 'y', 'z'] });
    await a.engine.resync();
    for (const round of [1, 2, 3]) {
      await upsertMediaId(a.engine.db, {
        user_uuid: a.userId,
        role: 'artist',
        interests: Array.from({ length: round + 2 }, (_, i) => `interest ${round}.${i}`),
        genre_preferences: [`genre ${round}`],
        privacy_settings: { location_access: round % 2 === 1 },
        content_flags: { mood: `mood ${round}`, likes: [round], nested: { deep: { round } } },
      });
      await a.engine.resync();
      const [row] = await serverMediaId(id);
      expect(row.interests).toHaveLength(round + 2);
      expect(row.genre_preferences).toEqual([`genre ${round}`]);
      expect(row.privacy_settings.location_access).toBe(round % 2 === 1);
      expect(row.content_flags).toEqual({ mood: `mood ${round}`, likes: [round], nested: { deep: { round } } });
    }
    await b.engine.resync();
    expect(serverFields(await localMediaId(b, id))).toMatchObject({
      content_flags: { mood: 'mood 3', likes: [3], nested: { deep: { round: 3 } } },
      interests: ['interest 3.0', 'interest 3.1', 'interest 3.2', 'interest 3.3', 'interest 3.4'],
    });
  });
});

function firstValue<T>(source: import('rxjs').Observable<T>): Promise<T> {
  return import('rxjs').then(({ firstValueFrom }) => firstValueFrom(source));
}
