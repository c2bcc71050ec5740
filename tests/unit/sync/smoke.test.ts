import { describe, expect, it } from 'vitest';
import { upsertMediaId } from '../../../sync';
import { countAllByState } from '../../../sync/engine/count-by-state';
import { openTestDatabase } from './helpers/open-test-engine';

describe('smoke', () => {
  it('opens and writes', async () => {
    const db = await openTestDatabase();
    const doc = await upsertMediaId(db, { user_uuid: '11111111-1111-4111-8111-111111111111', role: 'fan', interests: ['a'] });
    expect(doc.sync_state).toBe('dirty');
    expect(doc.sync_field_times?.interests).toBeTypeOf('number');
    const again = await upsertMediaId(db, { user_uuid: '11111111-1111-4111-8111-111111111111', role: 'fan', privacy_settings: { audio_capture: true } });
    expect(again.privacy_settings.audio_capture).toBe(true);
    expect(again.interests).toEqual(['a']);
    expect(await countAllByState(db, 'dirty')).toBe(1);
    await (await db.media_ids.findOne(doc.id).exec())!.remove();
    expect(await countAllByState(db, 'dirty')).toBe(1);
    await db.close();
  });
});
