/** Shared by the brand campaign tests on real PostgreSQL: a brand, a campaign launch, work spread on connections. */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { asUser, runCalendarJobs } from '../sync/pull-postgres';

/** Runs `work` for every task, each connection taking the next task as soon as it is free. */
export async function onConnections<T>(conns: pg.Client[], tasks: T[], work: (c: pg.Client, task: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    conns.map(async (c) => {
      while (next < tasks.length) await work(c, tasks[next++]!);
    }),
  );
}

export async function createBrand(c: pg.Client, name: string): Promise<string> {
  const id = randomUUID();
  await c.query('insert into auth.users (id, email) values ($1, $2)', [id, `brand-${id}@example.test`]);
  await asUser(c, id, async (u) => {
    await u.query("insert into public.profiles (id, display_name, role) values ($1, $2, 'brand')", [id, name]);
    await u.query("insert into public.media_ids (user_uuid, role) values ($1, 'brand')", [id]);
  });
  return id;
}

/** A brand's Create Campaign request as PostgREST runs it: a per-code campaign and `codes` codes. */
export function launchRequest(
  c: pg.Client,
  brand: string,
  title: string,
  codes: number,
  perCode: number,
  budget: number,
  genres: string[] = ['Electronic'],
): Promise<string> {
  return asUser(c, brand, async (u) => {
    const made = await u.query<{ id: string }>(
      `insert into public.brand_campaigns (brand_id, title, genres, budget_cents, payout_model, payout_per_code_cents,
         starts_on, ends_on) values ($1, $2, $5, $3, 'per_code', $4, current_date, current_date + 40)
       returning id`,
      [brand, title, budget, perCode, genres],
    );
    const id = made.rows[0]!.id;
    await u.query(
      `insert into public.campaign_codes (campaign_id, code)
       select $1, $2 || '-' || lpad(g::text, 4, '0') from generate_series(1, $3::int) g`,
      [id, title, codes],
    );
    return id;
  });
}

/** The launch, then the consenting fans' calendars as pg_cron fills them after it. */
export async function launch(...args: Parameters<typeof launchRequest>): Promise<string> {
  const id = await launchRequest(...args);
  await runCalendarJobs(args[0]);
  return id;
}
