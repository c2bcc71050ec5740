/**
 * A stopped campaign's days tell the fan what they replaced (20261130500000_stopped_campaign_notes.sql)
 * on the local backend through supabase-js: the fan's future day that carried the campaign's code is
 * refilled with another reward and carries the brand's public name and the campaign title, also in
 * what sync_pull serves a device; today's, past and claimed days keep their campaign and get no note.
 * Attacks: the fan cannot write, forge or clear the note (REST update, insert, upsert, sync_push).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withBackend, type LocalBackend } from '../helpers/backend';
import { daysPass } from '../fan/reward-helpers';
import { brandClient, codesNamed, fanClient, launch, type Brand, type Who } from './campaign-helpers';

let backend: LocalBackend;
let brand: Brand;

beforeAll(async () => {
  backend = await withBackend();
  brand = await brandClient(backend, 'Loop Coffee');
});
afterAll(async () => {
  await backend?.stop();
});

type Day = {
  day: number;
  campaign_id: string | null;
  title: string;
  replaced_brand_name: string | null;
  replaced_title: string | null;
};
const calendar = async (fan: Who) =>
  (
    await backend.query(
      'select day, campaign_id, title, replaced_brand_name, replaced_title from public.daily_rewards where fan_id = $1 order by day',
      [fan.id],
    )
  ).rows as Day[];
const noted = (days: Day[]) => days.filter((d) => d.replaced_brand_name !== null || d.replaced_title !== null);
const claim = (fan: Who, day: number) => fan.client.from('reward_claims').insert({ fan_id: fan.id, day });
const electronicFan = (tag: string) => fanClient(backend, tag, { genres: ['Electronic'], brandOffers: true });
const pulledDay = async (fan: Who, day: number) => {
  const pulled = await fan.client.rpc('sync_pull', { p_collection: 'daily_rewards', p_checkpoint: null, p_limit: 100 });
  expect(pulled.error).toBeNull();
  const rows = (pulled.data as { rows: Array<Record<string, unknown>> }).rows;
  return rows.find((r) => r.day === day);
};

describe('a stopped campaign leaves a note on the days it left', () => {
  it('the future day says what it replaced; today, past and claimed days stay as they were', async () => {
    const id = await launch(brand, codesNamed('NOTE', 10), { title: 'Night Shift Drop' });
    const future = await electronicFan('n-future');
    const today = await electronicFan('n-today');
    const claimed = await electronicFan('n-claimed');
    const past = await electronicFan('n-past');
    for (const fan of [future, today, claimed, past]) {
      expect((await calendar(fan)).filter((d) => d.campaign_id === id).map((d) => d.day)).toEqual([2]);
    }
    await daysPass(backend, today.id, 1); // day 2 is today
    await daysPass(backend, claimed.id, 1);
    expect((await claim(claimed, 2)).error).toBeNull();
    await daysPass(backend, past.id, 2); // day 2 was yesterday, never claimed
    const before = {
      today: await calendar(today),
      claimed: await calendar(claimed),
      past: await calendar(past),
    };

    expect((await brand.client.rpc('campaign_stop', { p_campaign: id })).error).toBeNull();
    await backend.calendarJobs.runNow(); // the calendar fills the call queued

    const after = await calendar(future);
    const day2 = after.find((d) => d.day === 2)!;
    expect(day2.campaign_id).not.toBe(id);
    expect(day2.title).not.toBe('Night Shift Drop');
    expect(noted(after)).toEqual([{ ...day2, replaced_brand_name: 'Loop Coffee', replaced_title: 'Night Shift Drop' }]);
    // the device gets it with the day
    expect(await pulledDay(future, 2)).toMatchObject({
      replaced_brand_name: 'Loop Coffee',
      replaced_title: 'Night Shift Drop',
      title: day2.title,
    });
    // days the fan may have seen or claimed keep their campaign and carry no note
    expect(await calendar(today)).toEqual(before.today);
    expect(await calendar(claimed)).toEqual(before.claimed);
    expect(await calendar(past)).toEqual(before.past);
    for (const fan of [today, claimed, past]) expect(noted(await calendar(fan))).toEqual([]);
  });

  it('a later refill of the day keeps the note; a running campaign replaced by consent leaves none', async () => {
    const id = await launch(brand, codesNamed('KEEP', 10), { title: 'Keep Me' });
    const fan = await electronicFan('n-keep');
    const other = await electronicFan('n-consent');
    expect((await brand.client.rpc('campaign_stop', { p_campaign: id })).error).toBeNull();
    await backend.calendarJobs.runNow(); // the calendar fills the call queued
    const noteOf = async () => noted(await calendar(fan)).map((d) => [d.day, d.replaced_brand_name, d.replaced_title]);
    expect(await noteOf()).toEqual([[2, 'Loop Coffee', 'Keep Me']]);
    await backend.query('select private.fill_reward_calendar($1)', [fan.id]);
    expect(await noteOf()).toEqual([[2, 'Loop Coffee', 'Keep Me']]);

    // a running campaign's day removed because the fan turned brand offers off is not a stop
    const running = await launch(brand, codesNamed('RUN', 10), { title: 'Still Running' });
    const runningDays = (await calendar(other)).filter((d) => d.campaign_id === running);
    expect(runningDays).toHaveLength(1);
    const off = await other.client
      .from('media_ids')
      .update({
        privacy_settings: {
          data_sharing: true,
          location_access: false,
          audio_capture: false,
          anonymous_logging: true,
          marketing_communications: false,
        },
      })
      .eq('user_uuid', other.id)
      .eq('role', 'fan');
    expect(off.error).toBeNull();
    const afterOff = await calendar(other);
    expect(afterOff.filter((d) => d.campaign_id === running)).toEqual([]);
    expect(noted(afterOff).filter((d) => d.replaced_title === 'Still Running')).toEqual([]);
  });
});

describe('attacks on the note', () => {
  it('a fan can neither clear nor forge it: REST update, insert, upsert and sync_push are refused', async () => {
    const id = await launch(brand, codesNamed('FORGE', 10), { title: 'Forge Me' });
    const fan = await electronicFan('n-attacker');
    expect((await brand.client.rpc('campaign_stop', { p_campaign: id })).error).toBeNull();
    await backend.calendarJobs.runNow(); // the calendar fills the call queued
    const before = await calendar(fan);
    // the earlier test's running campaign may hold the first brand day: the stopped one is on another
    const [target, ...more] = noted(before).filter((d) => d.replaced_title === 'Forge Me');
    expect(more).toEqual([]);
    const day = target!.day;
    const row = (await fan.client.from('daily_rewards').select('*').eq('day', day).single()).data as Record<
      string,
      unknown
    >;
    expect(row).toMatchObject({ replaced_brand_name: 'Loop Coffee' });

    const clear = await fan.client
      .from('daily_rewards')
      .update({ replaced_brand_name: null, replaced_title: null })
      .eq('fan_id', fan.id)
      .eq('day', day)
      .select();
    expect(clear.error?.message).toMatch(/permission denied/);
    const forge = await fan.client
      .from('daily_rewards')
      .update({ replaced_brand_name: 'Rival Brand', replaced_title: 'Fake Stop' })
      .eq('fan_id', fan.id)
      .eq('day', day === 5 ? 6 : 5)
      .select();
    expect(forge.error?.message).toMatch(/permission denied/);
    const insert = await fan.client.from('daily_rewards').insert({
      ...row,
      id: `${fan.id}|31`,
      day: 30,
      replaced_brand_name: 'Rival Brand',
    });
    expect(insert.error?.message).toMatch(/permission denied/);
    const upsert = await fan.client
      .from('daily_rewards')
      .upsert({ ...row, replaced_brand_name: null, replaced_title: null }, { onConflict: 'id' });
    expect(upsert.error?.message).toMatch(/permission denied/);
    const pushed = await fan.client.rpc('sync_push', {
      p_table: 'daily_rewards',
      p_rows: [{ ...row, replaced_brand_name: null, replaced_title: null }],
    });
    expect(pushed.error?.message).toBe('table "daily_rewards" is not replicated');

    expect(await calendar(fan)).toEqual(before);
  });
});
