// Two-device test rig: each "device" = its own supabase-js client (own session, own switchable
// network) + its own sync engine on its own fake IndexedDB, for the same or another user.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { wrappedValidateAjvStorage } from 'rxdb/plugins/validate-ajv';
import { firstValueFrom, filter, timeout } from 'rxjs';
import { afterAll, afterEach, beforeAll } from 'vitest';
import WebSocket from 'ws';
import { createSyncEngine, type SyncEngine, type SyncEngineOptions, type SyncStatus } from '../../../sync';
import { getBucketDexieStorage } from '../../../sync/storage/dexie-storage';
import { clientOptions, withBackend, type LocalBackend, type LocalBackendOptions } from '../helpers/backend';

export interface Device {
  name: string;
  client: SupabaseClient;
  engine: SyncEngine;
  userId: string;
  network: { offline: boolean; requests: number };
  setOffline(offline: boolean): void;
}

let seq = 0;

/**
 * A test file's rig: one in-memory backend for the file (started before all, stopped after all)
 * and the devices a test opens (push them to `open`), closed after each test.
 */
export function useDeviceSuite(options: LocalBackendOptions = {}): { backend: LocalBackend; open: Device[] } {
  const suite = { backend: undefined as unknown as LocalBackend, open: [] as Device[] };
  beforeAll(async () => {
    suite.backend = await withBackend(options);
  });
  afterAll(async () => {
    await suite.backend?.stop();
  });
  afterEach(async () => {
    await Promise.all(suite.open.splice(0).map((d) => d.engine.close()));
  });
  return suite;
}

export async function signUp(backend: LocalBackend, email: string, password = 'secret-password'): Promise<string> {
  const client = createClient(backend.url, backend.anonKey, clientOptions());
  const { data, error } = await client.auth.signUp({ email, password });
  if (error || !data.user) throw error ?? new Error('sign-up failed');
  return data.user.id;
}

export async function openDevice(
  backend: LocalBackend,
  email: string,
  extra: Partial<SyncEngineOptions> = {},
  password = 'secret-password',
): Promise<Device> {
  seq += 1;
  const network = { offline: false, requests: 0 };
  const fetchThroughSwitch: typeof fetch = (input, init) => {
    network.requests += 1;
    if (network.offline) return Promise.reject(new TypeError('fetch failed (device offline)'));
    return fetch(input, init);
  };
  // Node 20 has no WebSocket: `ws` carries the engine's realtime channel (on by default). The
  // device's network switch cuts its sockets too: open ones drop, new ones are refused.
  const sockets = new Set<WebSocket>();
  class SwitchedWebSocket extends WebSocket {
    constructor(address: string | URL, protocols?: string | string[]) {
      super(network.offline ? 'ws://127.0.0.1:1/device-offline' : address, protocols);
      sockets.add(this);
      this.on('close', () => sockets.delete(this));
      this.on('error', () => undefined); // reported to realtime-js through onerror/onclose
    }
  }
  const client = createClient(backend.url, backend.anonKey, {
    ...clientOptions(),
    global: { fetch: fetchThroughSwitch },
    realtime: { transport: SwitchedWebSocket as never },
  });
  const { data, error } = await client.auth.signInWithPassword({ email, password });
  if (error || !data.user) throw error ?? new Error('sign-in failed');
  const engine = await createSyncEngine({
    supabase: client,
    userId: data.user.id,
    storage: wrappedValidateAjvStorage({ storage: getBucketDexieStorage({ indexedDB: new IDBFactory(), IDBKeyRange }) }),
    devMode: true,
    multiInstance: false,
    databaseName: `device_${seq}_${Date.now().toString(36)}`,
    retryTimeMs: 100,
    maxRetryTimeMs: 400,
    pollIntervalMs: 60_000,
    // Open-source RxDB allows 13 open collections per process: two devices open the core four.
    collections: ['profiles', 'media_ids', 'media_engagement_log', 'content_items'],
    ...extra,
  });
  return {
    name: `device-${seq}`,
    client,
    engine,
    userId: data.user.id,
    network,
    setOffline(offline) {
      network.offline = offline;
      if (offline) sockets.forEach((socket) => socket.terminate());
    },
  };
}

export function waitForStatus(device: Device, status: SyncStatus, ms = 10_000): Promise<SyncStatus> {
  return firstValueFrom(device.engine.status$.pipe(filter((s) => s === status), timeout(ms)));
}

export async function waitFor<T>(probe: () => Promise<T | undefined | null | false>, ms = 10_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > until) throw new Error('waitFor: timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A device's document without local-only fields (what must converge). */
export function serverFields(doc: Record<string, unknown> | null | undefined): Record<string, unknown> | null {
  if (!doc) return null;
  return Object.fromEntries(Object.entries(doc).filter(([k]) => !k.startsWith('sync_') && !k.startsWith('_')));
}
