/**
 * One joined channel (`realtime:<name>`) on one socket: its token and claims, its
 * `postgres_changes` subscriptions, its broadcast settings.
 * Invariants: subscriptions are validated as a whole at join (Realtime creates them in one
 * transaction: one bad entry means none is active, and a `system` error says why); the ids in
 * the join reply are in the client's order and echo its params exactly (realtime-js compares
 * event/schema/table/filter field by field); a closed channel never sends again.
 */
import type { Claims } from '../auth/jwt';
import { FilterError, parseFilters, type Filter } from './filters';
import type { PublishedTables } from './tables';

export type Action = '*' | 'INSERT' | 'UPDATE' | 'DELETE';

/** bounds the filters one change is compared with per channel */
export const MAX_SUBSCRIPTIONS_PER_CHANNEL = 100;

export interface Subscription {
  id: number;
  action: Action;
  /** table oid → filters for that table */
  tables: Map<number, Filter[]>;
}

export interface ChannelSettings {
  broadcastSelf: boolean;
  broadcastAck: boolean;
  /** a private channel: joined and written only as realtime.messages' RLS allows */
  private: boolean;
}

export class Channel {
  subscriptions: Subscription[] = [];
  closed = false;
  /** private channels: the write check's answer, asked once per token */
  canWrite: Promise<boolean> | undefined;
  expiryTimer: NodeJS.Timeout | undefined;

  constructor(
    readonly topic: string,
    readonly joinRef: string | null,
    public token: string,
    public claims: Claims,
    readonly settings: ChannelSettings,
  ) {}

  get subTopic(): string {
    return this.topic.slice('realtime:'.length);
  }

  /** The broadcast namespace: private and public channels of one name never hear each other. */
  get topicKey(): string {
    return `${this.settings.private ? 'private' : 'public'}:${this.topic}`;
  }

  /** Dedup key of the claim set used for RLS checks. */
  get claimKey(): string {
    return `${this.claims.role}\u0000${JSON.stringify(this.claims)}`;
  }

  close(): void {
    this.closed = true;
    if (this.expiryTimer) clearTimeout(this.expiryTimer);
    this.expiryTimer = undefined;
  }
}

function describe(p: Record<string, unknown>): string {
  const filters = typeof p.filter === 'string' && p.filter !== '' ? `[${p.filter}]` : '[]';
  return `event: ${String(p.event ?? '*')}, schema: ${String(p.schema ?? 'public')}, table: ${String(p.table ?? '*')}, filters: ${filters}, select: nil`;
}

/**
 * Builds the subscriptions of a join's `config.postgres_changes`. Returns the reply entries
 * (params + id) and either the active subscriptions or the error message for the client.
 */
export function buildSubscriptions(
  params: unknown,
  tables: PublishedTables,
  nextId: () => number,
): { reply: Record<string, unknown>[]; subscriptions: Subscription[]; error?: string } {
  const list = Array.isArray(params) ? params.filter((p): p is Record<string, unknown> => !!p && typeof p === 'object') : [];
  const reply: Record<string, unknown>[] = [];
  const subscriptions: Subscription[] = [];
  let error: string | undefined =
    list.length > MAX_SUBSCRIPTIONS_PER_CHANNEL
      ? `Error parsing \`postgres_changes\` params: at most ${MAX_SUBSCRIPTIONS_PER_CHANNEL} subscriptions per channel on the local backend (got ${list.length})`
      : undefined;
  for (const p of list) {
    const id = nextId();
    reply.push({ ...p, id });
    if (error) continue;
    const ev = typeof p.event === 'string' ? p.event.toUpperCase() : '*';
    const action: Action = ev === 'INSERT' || ev === 'UPDATE' || ev === 'DELETE' ? ev : '*';
    const hasSchema = typeof p.schema === 'string';
    const hasTable = typeof p.table === 'string';
    if (!hasSchema && !hasTable) {
      error = `No subscription params provided. Please provide at least a \`schema\` or \`table\` to subscribe to: ${JSON.stringify(p)}`;
      continue;
    }
    if (p.filter !== undefined && p.filter !== null && (typeof p.filter !== 'string' || !hasSchema || !hasTable)) {
      error = `Error parsing \`filter\` params: a filter needs a \`schema\`, a \`table\` and a string filter: ${JSON.stringify(p)}`;
      continue;
    }
    if (p.select !== undefined) {
      error = 'Error parsing `select` params: column selection is not implemented by the local backend';
      continue;
    }
    const schema = hasSchema ? (p.schema as string) : 'public';
    const table = hasTable ? (p.table as string) : '*';
    const matched = tables.match(schema, table);
    if (matched.length === 0) {
      error = `Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: [${describe(p)}]`;
      continue;
    }
    const perTable = new Map<number, Filter[]>();
    try {
      for (const t of matched) perTable.set(t.oid, typeof p.filter === 'string' ? parseFilters(p.filter, t.types) : []);
    } catch (e) {
      if (!(e instanceof FilterError)) throw e;
      error = `Error parsing \`filter\` params: ${e.message}`;
      continue;
    }
    subscriptions.push({ id, action, tables: perTable });
  }
  return error ? { reply, subscriptions: [], error } : { reply, subscriptions };
}
