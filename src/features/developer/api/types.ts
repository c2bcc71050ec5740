import type { AppScope, OAuthScope } from '../scopes';

export type AppStatus = 'active' | 'disabled';

/** A developer application (spec §3). The secret itself is never stored: only its last four characters. */
export interface DeveloperApp {
  id: string;
  ownerId: string;
  name: string;
  description: string;
  clientId: string;
  clientSecretLast4: string;
  redirectUris: string[];
  scopes: AppScope[];
  status: AppStatus;
  /** ISO timestamps. */
  created: string;
  lastUsed: string | null;
  apiCalls: number;
  users: number;
}

export interface CreateAppInput {
  name: string;
  description: string;
  redirectUris: string[];
  scopes: OAuthScope[];
}

export interface CreatedApp {
  app: DeveloperApp;
  /** Plain-text secret: returned once, at creation, and never again. */
  clientSecret: string;
}

/** Where developer apps live; the UI only talks to this interface. */
export interface DeveloperAppRepository {
  list(ownerId: string): DeveloperApp[];
  subscribe(listener: () => void): () => void;
  create(ownerId: string, input: CreateAppInput): Promise<CreatedApp>;
  setStatus(ownerId: string, appId: string, status: AppStatus): Promise<void>;
}
