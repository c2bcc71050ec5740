import { describe, expect, it } from 'vitest';
import { classifyTransferError, shouldRetryRequest } from '../../../sync/outbox/tus-upload';

describe('transfer error handling', () => {
  it('409 on creation means the object exists (verify size, then done)', () => {
    expect(classifyTransferError(409, 'POST', true)).toBe('exists');
    expect(shouldRetryRequest(409, 'POST', true)).toBe(false);
  });
  it('404/410 means the upload URL expired: upload the same object anew', () => {
    expect(classifyTransferError(404, 'PATCH', true)).toBe('expired');
    expect(classifyTransferError(410, 'HEAD', true)).toBe('expired');
  });
  it('network loss and offline are interruptions, never failures; tus does not retry offline', () => {
    expect(classifyTransferError(0, 'PATCH', true)).toBe('interrupted');
    expect(classifyTransferError(500, 'PATCH', false)).toBe('interrupted');
    expect(shouldRetryRequest(0, 'PATCH', false)).toBe(false);
    expect(shouldRetryRequest(0, 'PATCH', true)).toBe(true);
  });
  it('server errors are retried by tus, then fail the file; policy refusals fail at once', () => {
    expect(shouldRetryRequest(503, 'PATCH', true)).toBe(true);
    expect(classifyTransferError(503, 'PATCH', true)).toBe('failed');
    expect(shouldRetryRequest(403, 'POST', true)).toBe(false);
    expect(classifyTransferError(403, 'POST', true)).toBe('failed');
  });
});
