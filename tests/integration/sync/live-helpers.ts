// Helpers for the live-sync tests: devices whose only way to learn about remote changes is the
// realtime channel (no interval within the test, no focus/online events in Node).
import { firstValueFrom, filter, timeout } from 'rxjs';
import { mediaIdKey, upsertMediaId, type ConnectionMode, type SyncEngineOptions } from '../../../sync';
import type { LocalBackend } from '../helpers/backend';
import { openDevice, signUp, type Device } from './devices';

/** Polling far beyond any test's length: a row can only arrive through realtime. */
export const NO_POLLING: Partial<SyncEngineOptions> = { pollIntervalMs: 3_600_000 };

export function waitForConnection(device: Device, mode: ConnectionMode, ms = 15_000): Promise<ConnectionMode> {
  return firstValueFrom(
    device.engine.connection$.pipe(
      filter((m) => m === mode),
      timeout(ms),
    ),
  );
}

/** Signs up a user and opens `count` started, live devices of theirs. */
export async function liveDevicesOf(
  backend: LocalBackend,
  tag: string,
  count: number,
  extra: Partial<SyncEngineOptions> = {},
): Promise<Device[]> {
  const email = `${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@example.test`;
  await signUp(backend, email);
  const devices: Device[] = [];
  for (let i = 0; i < count; i += 1) devices.push(await openDevice(backend, email, { ...NO_POLLING, ...extra }));
  await Promise.all(devices.map((d) => d.engine.start()));
  await Promise.all(devices.map((d) => waitForConnection(d, 'live')));
  // The initial pull (and the join's catch-up) are done: from here on only events pull.
  await Promise.all(devices.map((d) => d.engine.resync()));
  return devices;
}

/** Writes the user's fan MediaID on `device` with the given interests; returns its id. */
export async function writeInterests(device: Device, interests: string[]): Promise<string> {
  await upsertMediaId(device.engine.db, { user_uuid: device.userId, role: 'fan', interests });
  return mediaIdKey(device.userId, 'fan');
}

export async function localInterests(device: Device, id: string): Promise<string[] | null> {
  const doc = await device.engine.db.media_ids.findOne(id).exec();
  return doc ? [...(doc.toJSON().interests as string[])] : null;
}

/** Resolves once `device`'s local database holds the MediaID with exactly these interests. */
export function waitForInterests(device: Device, id: string, interests: string[], ms = 10_000): Promise<unknown> {
  const want = JSON.stringify(interests);
  return firstValueFrom(
    device.engine.db.media_ids.findOne(id).$.pipe(
      filter((doc) => doc !== null && JSON.stringify(doc.toJSON().interests) === want),
      timeout(ms),
    ),
  );
}
