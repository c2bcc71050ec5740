/**
 * Realtime Authorization for private channels, as Supabase Realtime does it: the RLS policies on
 * realtime.messages decide, with realtime.topic() set to the channel's topic and the caller's
 * role and claims set as for a request.
 * Invariants: read = a probe row inserted by the superuser is visible to the caller's SELECT;
 * write = the caller's own INSERT of a probe row is allowed; both run in one transaction that is
 * always rolled back, so no probe is ever kept or broadcast; a policy that fails with an error
 * denies (never allows).
 */
import { randomUUID } from 'node:crypto';
import type { Claims } from '../auth/jwt';
import type { Database, Tx } from '../db/database';
import { DbBusyError } from '../db/scheduler';

async function asCaller(tx: Tx, claims: Claims, topic: string): Promise<void> {
  await tx.query(
    "select set_config('realtime.topic', $1, true), set_config('request.jwt.claims', $2, true), set_config('request.jwt.claim.sub', $3, true), set_config('request.jwt.claim.role', $4, true), set_config('role', $4, true)",
    [topic, JSON.stringify(claims), typeof claims.sub === 'string' ? claims.sub : '', claims.role],
  );
}

/** May these claims read Broadcast messages of `topic` (join a private channel)? */
export async function canRead(db: Database, claims: Claims, topic: string): Promise<boolean> {
  if (claims.role === 'service_role') return true;
  const id = randomUUID();
  try {
    return await db.asSuperuser(async (tx) => {
      await tx.query("insert into realtime.messages (id, topic, extension, private) values ($1, $2, 'broadcast', true)", [id, topic]);
      await asCaller(tx, claims, topic);
      const { rows } = await tx.query('select id from realtime.messages where id = $1', [id]);
      await tx.rollback();
      return rows.length === 1;
    });
  } catch {
    return false;
  }
}

/**
 * May these claims send Broadcast messages to `topic` on a private channel? With
 * `onBusy: 'throw'` a busy database is reported (DbBusyError) instead of denying.
 */
export async function canWrite(db: Database, claims: Claims, topic: string, onBusy: 'deny' | 'throw' = 'deny'): Promise<boolean> {
  if (claims.role === 'service_role') return true;
  try {
    return await db.asSuperuser(async (tx) => {
      await asCaller(tx, claims, topic);
      await tx.query("insert into realtime.messages (topic, extension, private) values ($1, 'broadcast', true)", [topic]);
      await tx.rollback();
      return true;
    });
  } catch (e) {
    if (onBusy === 'throw' && e instanceof DbBusyError) throw e;
    return false;
  }
}
