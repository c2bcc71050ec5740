/**
 * Shared pieces of the RLS attack suites (rls-attack*.test.ts): an attack counter and the
 * "refused" assertion. An attack is refused when it errors, or returns no data / no rows; each
 * suite prints "N attacks, each refused" at the end.
 */
import { expect } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';

export type AttackResult = { error: unknown; data: unknown };

export class AttackLog {
  count = 0;
  constructor(readonly suite: string) {}

  /** Runs the attack and asserts it got nothing: an error, null, an empty array or an empty Blob. */
  async refused(label: string, run: () => PromiseLike<AttackResult>): Promise<void> {
    this.count += 1;
    const r = await run();
    const data = r.data;
    const leaked = r.error
      ? false
      : Array.isArray(data)
        ? data.length > 0
        : data !== null && data !== undefined && !(data instanceof Blob && data.size === 0);
    expect(leaked, `${label} was NOT refused: ${JSON.stringify(data)}`).toBe(false);
  }

  /** A state check after an attack that may "succeed" at the HTTP level but must change nothing. */
  async unchanged<T>(label: string, attack: () => PromiseLike<unknown>, read: () => Promise<T>): Promise<void> {
    this.count += 1;
    const before = await read();
    await attack();
    expect(await read(), `${label} changed server-owned state`).toEqual(before);
  }

  report(): void {
    console.log(`${this.suite}: ${this.count} attacks, each refused`);
  }
}

type PushRow = { new: Record<string, unknown>; assumed: Record<string, unknown> | null };

/** sync_push as an attack: refused when the RPC errors or every row comes back as an error. */
export async function pushAttack(client: SupabaseClient, table: string, rows: PushRow[]): Promise<AttackResult> {
  const r = await client.rpc('sync_push', { p_table: table, p_rows: rows });
  if (r.error) return { error: r.error, data: null };
  const out = r.data as { error?: unknown; conflict?: unknown }[];
  // A conflict hands back the server row: that is a leak unless the row is the caller's own.
  const accepted = rows.length - out.filter((x) => x.error).length;
  return { error: null, data: accepted > 0 || out.some((x) => x.conflict) ? out : null };
}
