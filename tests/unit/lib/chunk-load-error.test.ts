import { describe, expect, it } from 'vitest';
import { isChunkLoadError } from '../../../src/lib/chunk-load-error';

describe('isChunkLoadError', () => {
  it('recognises failed chunk loads in Chromium, Firefox, Safari and Vite preloads', () => {
    for (const message of [
      'Failed to fetch dynamically imported module: http://localhost/assets/a.js',
      'error loading dynamically imported module: http://localhost/assets/a.js',
      'Importing a module script failed.',
      'Unable to preload CSS for http://localhost/assets/a.css',
    ])
      expect(isChunkLoadError(new TypeError(message))).toBe(true);
  });

  it('leaves every other error to the error screen', () => {
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError({ status: 404, statusText: 'Not Found' })).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });
});
