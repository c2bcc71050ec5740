/**
 * Webhook endpoints (developer_webhooks) and their deliveries (webhook_outbox), read and written
 * online with the developer's session: RLS shows only their own; the signing secret is the
 * server's (generated on insert) and is shown once, right after creation.
 */
import { supabase } from '@/lib/supabase';

export const WEBHOOK_EVENT_NAMES = ['preference.updated', 'permission.revoked'] as const;
export type WebhookEventName = (typeof WEBHOOK_EVENT_NAMES)[number];

export interface WebhookEndpoint {
  id: string;
  client_id: string;
  url: string;
  events: WebhookEventName[];
  enabled: boolean;
  /** the server's reason when it disabled the endpoint (refused destination, failures in a row) */
  disabled_reason: string | null;
  created_at: string;
}

export interface WebhookDelivery {
  id: string;
  event_type: WebhookEventName;
  created_at: string;
  attempts: number;
  last_status: number | null;
  delivered_at: string | null;
  gave_up_at: string | null;
}

export async function listEndpoints(clientId: string): Promise<WebhookEndpoint[]> {
  const { data, error } = await supabase
    .from('developer_webhooks')
    .select('id, client_id, url, events, enabled, disabled_reason, created_at')
    .eq('client_id', clientId)
    .eq('_deleted', false)
    .order('created_at');
  if (error) throw new Error(error.message);
  return data as WebhookEndpoint[];
}

/** Adds an endpoint; answers it with its signing secret (the only time the portal shows it). */
export async function addEndpoint(clientId: string, url: string, events: WebhookEventName[]) {
  const { data, error } = await supabase
    .from('developer_webhooks')
    .insert({ client_id: clientId, url, events })
    .select('id, client_id, url, events, enabled, disabled_reason, created_at, secret')
    .single();
  if (error) throw new Error(error.code === '23505' ? 'This app already has an endpoint at that URL.' : error.message);
  const { secret, ...endpoint } = data as WebhookEndpoint & { secret: string };
  return { endpoint, secret };
}

export async function removeEndpoint(id: string): Promise<void> {
  const { error } = await supabase.from('developer_webhooks').update({ _deleted: true }).eq('id', id);
  if (error) throw new Error(error.message);
}

export async function listDeliveries(clientId: string): Promise<WebhookDelivery[]> {
  const { data, error } = await supabase
    .from('webhook_outbox')
    .select('id, event_type, created_at, attempts, last_status, delivered_at, gave_up_at')
    .eq('client_id', clientId)
    .order('created_at', { ascending: false })
    .limit(50);
  if (error) throw new Error(error.message);
  return data as WebhookDelivery[];
}
