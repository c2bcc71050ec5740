import { describe, expect, it } from 'vitest';
import { readStoredSession } from '../../../src/lib/stored-session';

const storage = (value: string | null) => ({ getItem: () => value });

describe('readStoredSession', () => {
  it('reads a complete stored session', () => {
    const session = { access_token: 'a', refresh_token: 'r', expires_at: 1, user: { id: 'u' } };
    expect(readStoredSession(storage(JSON.stringify(session)), 'k')).toEqual(session);
  });
  it('ignores missing, malformed or partial values', () => {
    expect(readStoredSession(storage(null), 'k')).toBeNull();
    expect(readStoredSession(storage('{nope'), 'k')).toBeNull();
    expect(readStoredSession(storage(JSON.stringify({ access_token: 'a' })), 'k')).toBeNull();
    expect(
      readStoredSession(
        {
          getItem: () => {
            throw new Error('denied');
          },
        },
        'k',
      ),
    ).toBeNull();
  });
});
