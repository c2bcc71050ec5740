/**
 * Where a webhook may be sent: the address rule shared by the hosted Edge Function (Deno) and the
 * local backend (Node). `ipaddr.js` resolves through node_modules in Node and through this
 * function's deno.json import map (npm:ipaddr.js) in Deno.
 * Invariants:
 *   * A destination is judged on the addresses it resolves to (the injected resolver), not on its
 *     spelling: every address must be public unicast (ipaddr.js range `unicast`, IPv4-mapped IPv6
 *     read as the IPv4 it carries), or the endpoint is refused. One inward address refuses it all.
 *   * Loopback is allowed only when a policy says so (the local backend), only for the hosts a
 *     developer writes for their own machine (`localhost`, 127.0.0.1, [::1]; never a name that
 *     merely resolves there), and never on a refused port (the backend's own, the app's 4173 / 5173).
 *   * `localhost` is loopback by definition (RFC 6761) and is never sent to a resolver.
 *   * The addresses returned are the ones judged; a transport that can pin them (Node) connects
 *     to them only, so a second DNS answer cannot turn the request inward.
 */
import ipaddr from 'ipaddr.js';

/** The A/AAAA answers for a host name (an empty list when it has none). */
export type Resolver = (hostname: string) => Promise<string[]>;

export interface LoopbackPolicy {
  /** ports never called on loopback: the local backend's own, the app's (4173, 5173) */
  refusedPorts: number[];
}

export type Destination = { ok: true; url: URL; addresses: string[] } | { ok: false; reason: string };

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '::1']);

const refuse = (reason: string): Destination => ({ ok: false, reason });

/** The address in its plain form: IPv4-mapped IPv6 becomes the IPv4 it carries. */
function parseAddress(text: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  const bare = text.replace(/^\[|\]$/g, '');
  return ipaddr.isValid(bare) ? ipaddr.process(bare) : null;
}

/** `public`, `loopback`, or another ipaddr.js range name (private, linkLocal, unspecified…). */
export function addressKind(text: string): string {
  const addr = parseAddress(text);
  if (!addr) return 'invalid';
  const range = addr.range();
  return range === 'unicast' ? 'public' : range;
}

function defaultPort(u: URL): number {
  return u.port ? Number(u.port) : u.protocol === 'https:' ? 443 : 80;
}

/**
 * Judges `url` for delivery: scheme and credentials first, then every address its host resolves
 * to. `loopback` null is the hosted rule: public addresses only, https only.
 */
export async function checkDestination(
  url: string,
  resolve: Resolver,
  loopback: LoopbackPolicy | null,
): Promise<Destination> {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return refuse('not an absolute URL');
  }
  if (u.username || u.password) return refuse('URLs with credentials are not called');
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return refuse('only https endpoints are called');
  const host = u.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (parseAddress(host)) {
    addresses = [host];
  } else if (host === 'localhost') {
    addresses = ['127.0.0.1', '::1'];
  } else {
    try {
      addresses = await resolve(host.replace(/\.$/, ''));
    } catch (e) {
      return refuse(`${host} could not be resolved (${e instanceof Error ? e.message : String(e)})`.slice(0, 200));
    }
    if (addresses.length === 0) return refuse(`${host} has no address`);
  }
  const kinds = addresses.map((a) => ({ a, kind: addressKind(a) }));
  const ownMachine = loopback !== null && LOOPBACK_HOSTS.has(host);
  const inward = kinds.find(({ kind }) => kind !== 'public' && !(kind === 'loopback' && ownMachine));
  if (inward) return refuse(`${host} is a non-public address (${inward.a}: ${inward.kind})`);
  const toLoopback = kinds.some(({ kind }) => kind === 'loopback');
  if (toLoopback) {
    if (loopback?.refusedPorts.includes(defaultPort(u))) {
      return refuse(`port ${defaultPort(u)} on loopback belongs to Bucket itself`);
    }
  } else if (u.protocol !== 'https:') {
    return refuse('only https endpoints are called (plain http only to loopback, locally)');
  }
  return { ok: true, url: u, addresses: kinds.map(({ a }) => parseAddress(a)!.toString()) };
}
