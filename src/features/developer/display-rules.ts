/** Pure display rules of the developer portal. */

/** Client IDs are shown truncated to 20 characters on app cards. */
export const CLIENT_ID_DISPLAY_LENGTH = 20;

export function truncateClientId(clientId: string, length = CLIENT_ID_DISPLAY_LENGTH): string {
  return clientId.length > length ? `${clientId.slice(0, length)}...` : clientId;
}

/** After creation a secret is only ever shown masked, with its last four characters. */
export function maskSecret(lastFour: string): string {
  return `${'•'.repeat(12)}${lastFour}`;
}

export type ActivityStatusColor = 'yellow' | 'green' | 'red';

/** Recent API activity: 429 yellow, 200 and 201 green, everything else red. */
export function statusColor(status: number): ActivityStatusColor {
  if (status === 429) return 'yellow';
  if (status === 200 || status === 201) return 'green';
  return 'red';
}
