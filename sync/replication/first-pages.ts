/**
 * First pull pages fetched ahead of the local database, for a device that has none yet (a first
 * screenful before RxDB has created its IndexedDB databases). Invariants: a page is
 * exactly what the collection's replication would pull first — the same pull handler, batch size,
 * field mapping and ownership check — so the screen shows the rows the first sync is about to
 * write; each page is fetched at most once, and handed to the replication at most once (`take`), only
 * while it is fresh (`maxAgeMs`), so the first pull does not ask the server again; a page that
 * failed is never handed over (the replication pulls normally and reports the failure itself).
 * Taking a page fetched at T0 is the same as having pulled at T0: later commits are not visible
 * in the snapshot of the page's checkpoint and arrive with the next pull after it.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type { ReplicationPullHandlerResult } from 'rxdb';
import { COLLECTIONS, knownFieldsOf, type CollectionName } from '../collections';
import type { PullCheckpoint } from './checkpoint';
import { createPullHandler } from './pull-handler';
import type { ReplicationReporter } from './reporter';

type Row = Record<string, unknown>;
export type FirstPage = ReplicationPullHandlerResult<Row, PullCheckpoint>;

export interface FirstPages {
  readonly userId: string;
  /** The first page of `name`, fetched on the first ask. Rejects if the request failed. */
  get(name: CollectionName): Promise<FirstPage>;
  /** Its documents if already fetched (synchronously), else undefined. */
  peek(name: CollectionName): readonly Row[] | undefined;
  /** For the replication's first pull: the page, once, unless it failed or is stale (then pull). */
  take(name: CollectionName, batchSize: number): Promise<FirstPage> | undefined;
}

export interface FirstPagesOptions {
  supabase: SupabaseClient;
  userId: string;
  /** A page older than this is not handed to the replication (it pulls afresh). Default 30 s. */
  maxAgeMs?: number;
  now?: () => number;
}

/** Failures are the replication's to report (it pulls again); a prefetch stays silent. */
const SILENT: ReplicationReporter = { success() {}, failure() {}, rejected() {} };

interface Entry {
  page: Promise<FirstPage>;
  at: number;
  documents?: readonly Row[];
  failed?: boolean;
  taken?: boolean;
}

export function createFirstPages(options: FirstPagesOptions): FirstPages {
  const { supabase, userId } = options;
  const maxAgeMs = options.maxAgeMs ?? 30_000;
  const now = options.now ?? Date.now;
  const entries = new Map<CollectionName, Entry>();

  function fetchPage(name: CollectionName): Entry {
    const def = COLLECTIONS[name];
    if (!def.replication.pull) throw new Error(`first-pages: ${name} is not pulled`);
    const isVisible = 'isVisible' in def ? def.isVisible : undefined;
    const handler = createPullHandler({
      supabase,
      table: name,
      knownFields: knownFieldsOf(name),
      reporter: SILENT,
      isVisible: isVisible ? (row) => isVisible(row, userId) : undefined,
    });
    const entry: Entry = { at: now(), page: handler(undefined, def.replication.batchSize) };
    entry.page.then(
      (page) => (entry.documents = page.documents),
      () => (entry.failed = true),
    );
    return entry;
  }

  function entryOf(name: CollectionName): Entry {
    let entry = entries.get(name);
    if (!entry) {
      entry = fetchPage(name);
      entries.set(name, entry);
    }
    return entry;
  }

  return {
    userId,
    get: (name) => entryOf(name).page,
    peek: (name) => entries.get(name)?.documents,
    take(name, batchSize) {
      const entry = entries.get(name);
      if (!entry || entry.taken || entry.failed || batchSize !== COLLECTIONS[name].replication.batchSize)
        return undefined;
      if (now() - entry.at > maxAgeMs) return undefined;
      entry.taken = true;
      // A page still in flight is awaited by the caller; if it fails then, it pulls itself. A copy:
      // RxDB owns what a pull returns, and screens keep showing the page's own documents.
      return entry.page.then((page) => structuredClone(page));
    },
  };
}
