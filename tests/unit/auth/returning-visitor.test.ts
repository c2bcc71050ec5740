/** "Welcome Back" only on a device where someone signed in before; the mark survives sign-out. */
import { describe, expect, it } from 'vitest';
import { isReturning, markReturning, RETURNING_KEY, signInHeading } from '../../../src/features/auth/returning-visitor';

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    data,
  };
}

describe('returning visitor', () => {
  it('a first visit is welcomed, a device that saw a sign-in is welcomed back', () => {
    const storage = memoryStorage();
    expect(isReturning(storage)).toBe(false);
    expect(signInHeading(isReturning(storage))).toBe('Welcome to Bucket');
    markReturning(storage);
    expect(isReturning(storage)).toBe(true);
    expect(signInHeading(isReturning(storage))).toBe('Welcome Back');
  });

  it('stores no identity, only the mark', () => {
    const storage = memoryStorage();
    markReturning(storage);
    expect([...storage.data.entries()]).toEqual([[RETURNING_KEY, '1']]);
  });

  it('storage that throws (private mode) means a first visit, never an error', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(() => markReturning(broken)).not.toThrow();
    expect(isReturning(broken)).toBe(false);
  });
});
