import { describe, expect, it } from 'vitest';
import {
  CONFIG_MESSAGE,
  mapPasswordUpdateError,
  mapResetEmailError,
  mapSignInError,
  mapSignUpError,
  NETWORK_MESSAGE,
  oauthSignInError,
  oauthSignUpError,
} from '../../../src/features/auth/auth-errors';

const ok = { configProblem: null };

describe('sign-in error mapping', () => {
  it('names the environment file and a restart on a configuration problem', () => {
    expect(mapSignInError(new Error('whatever'), { configProblem: 'placeholder' })).toBe(CONFIG_MESSAGE);
    expect(mapSignInError(new TypeError('net::ERR_NAME_NOT_RESOLVED'), ok)).toBe(CONFIG_MESSAGE);
    expect(CONFIG_MESSAGE).toMatch(/\.env/);
    expect(CONFIG_MESSAGE).toMatch(/restart/);
  });
  it('gives the network message on a fetch failure', () => {
    expect(mapSignInError(new TypeError('Failed to fetch'), ok)).toBe(NETWORK_MESSAGE);
    expect(mapSignInError({ name: 'AuthRetryableFetchError', status: 0, message: '{}' }, ok)).toBe(NETWORK_MESSAGE);
    expect(NETWORK_MESSAGE).toBe(
      'Unable to connect to authentication service. Please check your internet connection and environment configuration.',
    );
  });
  it('shows the server message, else the default', () => {
    expect(mapSignInError({ message: 'Invalid login credentials' }, ok)).toBe('Invalid login credentials');
    expect(mapSignInError({ message: '' }, ok)).toBe('Failed to sign in');
    expect(mapSignInError(null, ok)).toBe('Failed to sign in');
  });
});

describe('sign-up error mapping', () => {
  it('maps configuration, network and other errors', () => {
    expect(mapSignUpError(new Error('x'), { configProblem: 'bad url' })).toMatch(/^Environment configuration error/);
    expect(mapSignUpError(new TypeError('NetworkError when attempting to fetch resource.'), ok)).toBe(NETWORK_MESSAGE);
    expect(mapSignUpError({ message: 'User already registered' }, ok)).toBe('User already registered');
    expect(mapSignUpError({}, ok)).toBe('Failed to create account');
  });
});

describe('social, reset and update messages', () => {
  it('names the provider', () => {
    expect(oauthSignInError('google')).toBe('Failed to sign in with Google');
    expect(oauthSignUpError('facebook')).toBe('Failed to sign up with Facebook');
  });
  it('reset e-mail failure', () => {
    expect(mapResetEmailError({ message: 'rate limited' }, ok)).toBe('Failed to send reset email');
    expect(mapResetEmailError(new TypeError('Failed to fetch'), ok)).toBe(NETWORK_MESSAGE);
  });
  it('password update failure', () => {
    expect(mapPasswordUpdateError({ message: 'Auth session missing!' })).toBe('Auth session missing!');
    expect(mapPasswordUpdateError({})).toBe('Failed to update password');
  });
});
