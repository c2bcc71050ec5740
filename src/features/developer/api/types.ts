import type { AppScope, OAuthScope } from '../scopes';

export type AppStatus = 'active' | 'disabled';

/** A developer application. The secret itself is never stored: only its last four characters. */
export interface DeveloperApp {
  id: string;
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
  /** Local change not yet accepted by the server (always false for samples). */
  pending: boolean;
  /** The server's reason when it refused the app, else null. */
  refusal: string | null;
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
  /** 'synced': the signed-in developer's local database; 'sample': an in-memory preview. */
  kind: 'synced' | 'sample';
  list(): DeveloperApp[];
  subscribe(listener: () => void): () => void;
  create(input: CreateAppInput): Promise<CreatedApp>;
  setStatus(appId: string, status: AppStatus): Promise<void>;
  /** Deletes the app (its OAuth client too, for registered apps). */
  remove(appId: string): Promise<void>;
  /** A new client secret, shown once (registered apps only). */
  regenerateSecret?(appId: string): Promise<CreatedApp>;
}
