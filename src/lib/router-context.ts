import type { AuthStateSource } from './auth-state';

/** Services reach routes through router context, so pages never know where data comes from. */
export interface RouterContext {
  auth: AuthStateSource;
}
