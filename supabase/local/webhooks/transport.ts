/**
 * Node's side of webhook delivery: the system resolver and a transport pinned to checked addresses.
 * Invariants: the transport connects only to the addresses the destination check approved (its
 * `lookup` answers with them, so the host name still drives TLS SNI, certificate checks and the
 * Host header), never follows a redirect, and aborts with the caller's signal.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { Readable } from 'node:stream';
import type { Answer, Resolver, Transport } from '../../functions/deliver-webhooks/handler.ts';

/** Every address getaddrinfo gives for the host (hosts file included). */
export const systemResolver: Resolver = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((a) => a.address);

function answer(res: IncomingMessage): Answer {
  const headers = new Headers();
  for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) headers.append(res.rawHeaders[i]!, res.rawHeaders[i + 1]!);
  // Node's web stream and the DOM's ReadableStream are the same object under two type names
  return { status: res.statusCode ?? 0, headers, body: Readable.toWeb(res) as unknown as Answer['body'] };
}

export const pinnedTransport: Transport = (url, init, addresses) =>
  new Promise((ok, fail) => {
    const pinned = addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    const lookup: LookupFunction = (_host, options, cb) => {
      if (options.all) cb(null, pinned);
      else cb(null, pinned[0]!.address, pinned[0]!.family);
    };
    const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = request(url, { method: init.method, headers: init.headers, signal: init.signal, lookup }, (res) =>
      ok(answer(res)),
    );
    req.on('error', fail);
    req.end(init.body);
  });
