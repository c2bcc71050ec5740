import { describe, expect, it } from 'vitest';
import { mapSetupError, setupSuccessMessage } from '../../../src/features/mediaid/setup-errors';

describe('setup modal error banner', () => {
  it('shows interest messages as they are', () => {
    const text = 'Please select at least 3 interests to personalize your experience.';
    expect(mapSetupError(new Error(text), 'fan')).toBe(text);
  });
  it('maps network, auth and database errors', () => {
    expect(mapSetupError(new TypeError('Failed to fetch'), 'fan')).toBe(
      'Network connection issue. Please check your internet and try again.',
    );
    expect(mapSetupError({ message: 'JWT expired' }, 'fan')).toBe('Authentication expired. Please sign in again.');
    expect(mapSetupError({ message: 'Unauthorized' }, 'fan')).toBe('Authentication expired. Please sign in again.');
    expect(mapSetupError({ message: 'duplicate key value violates unique constraint' }, 'artist')).toBe(
      'You already have a MediaID set up for the artist role. Updating your preferences...',
    );
  });
  it('keeps the not-authenticated message and other messages, defaulting when empty', () => {
    expect(mapSetupError(new Error('User not authenticated'), 'fan')).toBe('User not authenticated');
    expect(mapSetupError(new Error('Disk full'), 'fan')).toBe('Disk full');
    expect(mapSetupError(undefined, 'fan')).toBe('An unexpected error occurred. Please try again.');
  });
  it('has the success text', () => {
    expect(setupSuccessMessage('brand')).toBe('MediaID setup completed for brand role!');
  });
});
