import { firstValueFrom, take, toArray } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { mediaIdKey, upsertMediaId, type SyncRejection } from '../../../sync';
import { STORED_OBJECT, storedObjectsSql } from '../../fixtures/content-items';
import { openDevice, signUp, useDeviceSuite, waitFor, type Device } from './devices';

const suite = useDeviceSuite({ jwtExpirySeconds: 2 });
const open = suite.open;

const email = (tag: string) => `${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@example.test`;

async function device(address: string): Promise<Device> {
  await signUp(suite.backend, address);
  const d = await openDevice(suite.backend, address);
  open.push(d);
  return d;
}

describe('pulling', () => {
  it('a server-side soft delete reaches the device', async () => {
    const artistEmail = email('deleter');
    const artist = await device(artistEmail);
    await artist.engine.start();
    await suite.backend.query(storedObjectsSql([`${artist.userId}/x.mp3`]));
    const [row] = (
      await suite.backend.query(
        `insert into public.content_items (artist_id, title, file_path, file_type, file_size, is_public)
         values ($1::uuid, 'Doomed', $1::text || '/x.mp3', $2, $3, false) returning id`,
        [artist.userId, STORED_OBJECT.mimetype, STORED_OBJECT.size],
      )
    ).rows;
    await artist.engine.resync();
    expect(await artist.engine.db.content_items.findOne(row.id).exec()).not.toBeNull();
    await suite.backend.query('update public.content_items set _deleted = true where id = $1', [row.id]);
    await artist.engine.resync();
    expect(await artist.engine.db.content_items.findOne(row.id).exec()).toBeNull();
  });

  it('refreshes an expired access token once and keeps syncing', async () => {
    const fan = await device(email('expiring'));
    await fan.engine.start();
    await fan.engine.resync();
    await new Promise((r) => setTimeout(r, 3000)); // access tokens of this backend live 2 s
    await upsertMediaId(fan.engine.db, { user_uuid: fan.userId, role: 'fan', interests: ['a', 'b', 'c'] });
    await fan.engine.resync();
    const { rows } = await suite.backend.query('select interests from public.media_ids where id = $1', [mediaIdKey(fan.userId, 'fan')]);
    expect(rows[0]?.interests).toEqual(['a', 'b', 'c']);
  });
});

describe('isolation between users and refused rows', () => {
  it("user B's rows never appear in A's database, even when A asks for B's ids", async () => {
    const a = await device(email('alice'));
    const b = await device(email('bob'));
    await upsertMediaId(b.engine.db, { user_uuid: b.userId, role: 'fan', interests: ['bob-only', 'x', 'y'] });
    await suite.backend.query(storedObjectsSql([`${b.userId}/p.mp3`]));
    await suite.backend.query(
      `insert into public.content_items (artist_id, title, file_path, file_type, file_size, is_public)
       values ($1::uuid, 'Bob private', $1::text || '/p.mp3', $2, $3, false)`,
      [b.userId, STORED_OBJECT.mimetype, STORED_OBJECT.size],
    );
    await b.engine.start();
    await b.engine.resync();

    const rejections: Promise<SyncRejection[]> = firstValueFrom(a.engine.errors$.pipe(take(1), toArray()));
    await a.engine.start();
    await a.engine.resync();
    // A writes a MediaID under B's id: the server must refuse it, not hand B's row back.
    const bobsId = mediaIdKey(b.userId, 'fan');
    await a.engine.db.media_ids.insert({
      id: bobsId,
      user_uuid: b.userId,
      role: 'fan',
      interests: ['hijack', 'x', 'y'],
      genre_preferences: [],
      location_code: '',
      content_flags: {},
      privacy_settings: { data_sharing: true, location_access: false, audio_capture: false, anonymous_logging: true, marketing_communications: false },
      version: 1,
      is_active: true,
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
      sync_state: 'dirty',
      sync_modified: null,
    });
    await a.engine.resync();
    const [rejection] = await rejections;
    expect(rejection).toMatchObject({ collection: 'media_ids', id: bobsId });
    const local = await a.engine.db.media_ids.findOne(bobsId).exec();
    expect(local?.sync_state).toBe('rejected');
    expect(local?.interests).toEqual(['hijack', 'x', 'y']); // kept, never replaced by B's data
    expect(await waitFor(async () => (await firstValueFrom(a.engine.rejectedCount$)) === 1)).toBe(true);
    expect(await firstValueFrom(a.engine.pendingCount$)).toBe(0);

    // A's client asking the server for B's ids directly gets nothing either.
    const direct = await a.client.from('media_ids').select('*').in('id', [bobsId]);
    expect(direct.data).toEqual([]);
    const allLocal = await a.engine.db.content_items.find().exec();
    expect(allLocal.map((d) => d.title)).not.toContain('Bob private');
    const { rows } = await suite.backend.query('select interests from public.media_ids where id = $1', [bobsId]);
    expect(rows[0]?.interests).toEqual(['bob-only', 'x', 'y']);

    // The rejected row is not pushed again on later cycles.
    const before = a.network.requests;
    await a.engine.resync();
    await a.engine.resync();
    const rpcCalls = a.network.requests - before;
    expect(rpcCalls).toBeLessThanOrEqual(8); // pulls only: 4 collections × 2 cycles, no pushes
  });

  it('a permanently failing row (check constraint) is rejected while the rest of the batch lands', async () => {
    const a = await device(email('mixed'));
    await a.engine.start();
    await upsertMediaId(a.engine.db, { user_uuid: a.userId, role: 'fan', interests: ['ok', 'ok2', 'ok3'] });
    await upsertMediaId(a.engine.db, { user_uuid: a.userId, role: 'admin', interests: ['nope', 'a', 'b'] });
    await a.engine.resync();
    const admin = await a.engine.db.media_ids.findOne(mediaIdKey(a.userId, 'admin')).exec();
    expect(admin?.sync_state).toBe('rejected');
    expect(admin?.sync_error?.message).toBeTruthy();
    const { rows } = await suite.backend.query('select role from public.media_ids where user_uuid = $1', [a.userId]);
    expect(rows.map((r) => r.role)).toEqual(['fan']);
  });
});
