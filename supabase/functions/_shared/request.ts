/**
 * What the Edge Functions share about a request: a refusal with its HTTP status and error code,
 * the unverified claims of a bearer token (only ever used to refuse, e.g. an app token's
 * `client_id`; Auth verifies the token next), and a JSON-object body.
 * Runtime-neutral (Deno, Node).
 */
export class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export function jwtClaims(token: string): Record<string, unknown> {
  const part = token.split('.')[1] ?? '';
  try {
    const text = atob(part.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(text, (c) => c.charCodeAt(0));
    return JSON.parse(new TextDecoder().decode(bytes)) as Record<string, unknown>;
  } catch {
    return {};
  }
}

export async function readJson(req: Request): Promise<Record<string, unknown>> {
  try {
    const body: unknown = await req.json();
    if (body && typeof body === 'object' && !Array.isArray(body)) return body as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw new Refusal(400, 'invalid_request', 'The body must be a JSON object.');
}
