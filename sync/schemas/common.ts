/**
 * Shared JSON-schema pieces. Invariants: every indexed field is `required` and bounded
 * (`maxLength`), as the Dexie storage demands (DXE1); timestamps are kept as the server's
 * strings (microsecond precision) and never re-formatted locally.
 */
export const uuidField = { type: 'string', maxLength: 36 } as const;
/** Indexed timestamp: ISO strings with offset are ≤ 35 chars; 40 leaves margin. */
export const indexedTimestampField = { type: 'string', maxLength: 40 } as const;
export const timestampField = { type: 'string', minLength: 1 } as const;
export const nullableTimestampField = { type: ['string', 'null'] } as const;
export const roleField = {
  type: 'string',
  enum: ['fan', 'artist', 'brand', 'developer', 'admin'],
  maxLength: 16,
} as const;
export const jsonObjectField = { type: 'object', additionalProperties: true } as const;
