import { describe, expect, it } from 'vitest';
import { describeError } from '../../../src/lib/describe-error';

describe('error screen text', () => {
  it('routing error: status + status text and its message', () => {
    expect(describeError({ status: 404, statusText: 'Not Found', data: 'No such drop' })).toEqual({
      status: '404 Not Found',
      message: 'No such drop',
    });
    expect(describeError(Object.assign(new Error('Gone for good'), { status: 410, statusText: 'Gone' }))).toEqual({
      status: '410 Gone',
      message: 'Gone for good',
    });
  });
  it("routing error without a message: 'A routing error occurred.'", () => {
    expect(describeError({ status: 503, statusText: 'Service Unavailable' })).toEqual({
      status: '503 Service Unavailable',
      message: 'A routing error occurred.',
    });
    expect(describeError(new Response(null, { status: 500, statusText: 'Internal Server Error' })).message).toBe(
      'A routing error occurred.',
    );
  });
  it('an Error shows its message, a string shows itself', () => {
    expect(describeError(new Error('boom'))).toEqual({ status: null, message: 'boom' });
    expect(describeError('plain failure')).toEqual({ status: null, message: 'plain failure' });
  });
  it("anything else: 'An unknown error occurred.'", () => {
    for (const value of [42, null, undefined, {}, '', new Error('')]) {
      expect(describeError(value).message).toBe('An unknown error occurred.');
    }
  });
});
