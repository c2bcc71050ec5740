/**
 * The fan dashboard's greeting, painted with the app shell's frame before any script has loaded.
 * On a phone the dashboard's code takes seconds to arrive; its first line ('Welcome back, {name}')
 * needs only the stored session, so the shell shows it at once, where the page will render it.
 */
import type { AuthUser } from '../../lib/auth-state';

/** The line under the greeting (spec §2 Fan dashboard). */
export const FAN_GREETING_SUBTITLE = "Today's drops, your rewards and the artists you back.";

/** The dashboard's route, as a RegExp source matched against `location.pathname`. */
export const FAN_DASHBOARD_PATH = '^/dashboard/fan/?$';

export interface BootGreetingConfig {
  /** Where supabase-js keeps the session (localStorage). */
  sessionKey: string;
  path: string;
  subtitle: string;
}

/**
 * Runs inline in the shell, right after `#boot`: appends the greeting for the signed-in user of the
 * stored session, on the fan dashboard only. Serialized by its source, so it uses nothing from
 * module scope; `displayName` is passed in the same way (the page's own `fanDisplayName`).
 * A missing or unreadable session paints nothing (the page then greets once it has loaded).
 */
export function paintBootGreeting(config: BootGreetingConfig, displayName: (user: AuthUser) => string): void {
  const boot = document.getElementById('boot');
  if (!boot || !new RegExp(config.path).test(location.pathname)) return;
  let user: AuthUser | null = null;
  try {
    const stored = JSON.parse(localStorage.getItem(config.sessionKey) ?? 'null') as { user?: AuthUser } | null;
    user = stored?.user ?? null;
  } catch {
    return;
  }
  if (!user || typeof user.id !== 'string') return;
  const page = document.createElement('div');
  page.id = 'boot-page';
  const title = document.createElement('h1');
  title.textContent = `Welcome back, ${displayName(user)}`;
  const subtitle = document.createElement('p');
  subtitle.textContent = config.subtitle;
  page.append(title, subtitle);
  boot.append(page);
}
