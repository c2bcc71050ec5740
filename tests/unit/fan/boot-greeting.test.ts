// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bootGreetingScript } from '../../../scripts/boot-greeting-plugin';
import { fanDisplayName } from '../../../src/features/fan/display-name';
import { AUTH_STORAGE_KEY } from '../../../src/lib/auth-storage-key';

/** The shell's script as the built index.html runs it: its own source, in the page, on a path. */
function runShellScript(path: string, session: unknown) {
  history.replaceState(null, '', path);
  if (session === undefined) localStorage.removeItem(AUTH_STORAGE_KEY);
  else localStorage.setItem(AUTH_STORAGE_KEY, typeof session === 'string' ? session : JSON.stringify(session));
  new Function(bootGreetingScript())();
  return document.querySelector('#boot-page');
}

const sessionOf = (user: Record<string, unknown>) => ({ access_token: 'a', refresh_token: 'r', user });

beforeEach(() => {
  document.body.innerHTML = '<div id="root"></div><div id="boot" aria-hidden="true"><div id="boot-bar"></div></div>';
});
afterEach(() => localStorage.clear());

describe('the shell greets a signed-in fan before any script has loaded', () => {
  const users = [
    { id: 'u1', email: 'mia@example.test', user_metadata: { display_name: '  Mia Rivers ' } },
    { id: 'u2', email: 'sol@example.test', user_metadata: { full_name: 'Sol Ade', name: 'ignored' } },
    { id: 'u3', email: 'kai.lo@example.test', user_metadata: { display_name: '   ' } },
    { id: 'u4', email: null, user_metadata: {} },
  ];

  it.each(users)('with the name the dashboard shows ($id)', (user) => {
    const page = runShellScript('/dashboard/fan', sessionOf(user));
    expect(page?.querySelector('h1')?.textContent).toBe(`Welcome back, ${fanDisplayName(user)}`);
    expect(page?.querySelector('p')?.textContent).toBe("Today's drops, your rewards and the artists you back.");
  });

  it('inside the hidden-from-assistive-tech boot frame, with a trailing slash too', () => {
    const page = runShellScript('/dashboard/fan/', sessionOf(users[0]!));
    expect(page?.closest('#boot')?.getAttribute('aria-hidden')).toBe('true');
  });

  it('as text: a name holding markup is not parsed', () => {
    const user = { id: 'u5', email: 'x@example.test', user_metadata: { display_name: '<img src=x onerror=alert(1)>' } };
    const page = runShellScript('/dashboard/fan', sessionOf(user));
    expect(page?.querySelector('img')).toBeNull();
    expect(page?.querySelector('h1')?.textContent).toBe('Welcome back, <img src=x onerror=alert(1)>');
  });

  it.each([
    ['another route', '/dashboard/artist', sessionOf(users[0]!)],
    ['a public page', '/catalog', sessionOf(users[0]!)],
    ['no stored session', '/dashboard/fan', undefined],
    ['an unreadable session', '/dashboard/fan', '{not json'],
    ['a session without a user', '/dashboard/fan', { access_token: 'a', refresh_token: 'r' }],
  ])('and paints nothing on %s', (_label, path, session) => {
    expect(runShellScript(path, session)).toBeNull();
  });
});
