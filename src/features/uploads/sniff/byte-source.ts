/**
 * Random access to a file's bytes without loading it whole: the sniffers read headers and a few
 * boxes or chunks. `fromBytes` serves tests (Node), `fromBlob` serves the browser (File.slice).
 */

export interface ByteSource {
  readonly size: number;
  /** Up to `length` bytes from `offset` (fewer at the end of the file; none past it). */
  read(offset: number, length: number): Promise<Uint8Array>;
}

export function fromBytes(bytes: Uint8Array): ByteSource {
  return {
    size: bytes.length,
    read: (offset, length) => Promise.resolve(bytes.subarray(offset, Math.min(bytes.length, offset + length))),
  };
}

export function fromBlob(blob: Blob): ByteSource {
  return {
    size: blob.size,
    read: async (offset, length) => new Uint8Array(await blob.slice(offset, offset + length).arrayBuffer()),
  };
}

export function ascii(bytes: Uint8Array, start: number, length: number): string {
  let text = '';
  for (let i = start; i < start + length && i < bytes.length; i++) text += String.fromCharCode(bytes[i]!);
  return text;
}

export function u32be(b: Uint8Array, i: number): number {
  return ((b[i]! << 24) >>> 0) + (b[i + 1]! << 16) + (b[i + 2]! << 8) + b[i + 3]!;
}

export function u32le(b: Uint8Array, i: number): number {
  return b[i]! + (b[i + 1]! << 8) + (b[i + 2]! << 16) + ((b[i + 3]! << 24) >>> 0);
}

export function u16be(b: Uint8Array, i: number): number {
  return (b[i]! << 8) + b[i + 1]!;
}

export function u16le(b: Uint8Array, i: number): number {
  return b[i]! + (b[i + 1]! << 8);
}

/** Why a file is not what its name says; `null` result fields mean "not this format at all". */
export type Problem = 'truncated' | 'no-media';

export type Parsed =
  { ok: true; durationSeconds?: number; width?: number; height?: number } | { ok: false; problem: Problem };

export const truncated: Parsed = { ok: false, problem: 'truncated' };
export const noMedia: Parsed = { ok: false, problem: 'no-media' };
