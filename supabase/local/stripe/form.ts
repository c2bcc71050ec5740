/**
 * Stripe's request encoding: application/x-www-form-urlencoded with bracket keys
 * (`line_items[0][price]`, `metadata[fan_id]`, `expand[]`), as the official SDKs send it.
 * Invariants: arrays come back as arrays (indexed or `[]` keys), nested objects as objects; a
 * key that is both a scalar and an object is a malformed request (StripeFail 400).
 */
import { StripeFail } from './errors';

export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type Form = { [key: string]: FormValue };

function pathOf(key: string): string[] {
  const head = /^[^[]+/.exec(key)?.[0] ?? '';
  const rest = [...key.slice(head.length).matchAll(/\[([^\]]*)\]/g)].map((m) => m[1] ?? '');
  return [head, ...rest];
}

export function decodeForm(body: string): Form {
  const root: Form = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = pathOf(key);
    let node: Form | FormValue[] = root;
    for (let i = 0; i < path.length; i += 1) {
      const part = path[i]!;
      const last = i === path.length - 1;
      const nextIsIndex = !last && /^\d*$/.test(path[i + 1]!);
      const slot: string | number = Array.isArray(node) ? (part === '' ? node.length : Number(part)) : part;
      const container = node as Record<string | number, FormValue>;
      if (last) {
        container[slot] = value;
        break;
      }
      const existing = container[slot];
      if (existing === undefined) container[slot] = nextIsIndex ? [] : {};
      else if (typeof existing === 'string')
        throw new StripeFail(400, `Invalid parameter: ${key}`, 'parameter_invalid', path[0]);
      node = container[slot] as Form | FormValue[];
    }
  }
  return root;
}

/** Reads a string parameter (optionally required). */
export function str(form: Form, name: string, required = false): string | undefined {
  const v = form[name];
  if (v === undefined || v === '') {
    if (required) throw new StripeFail(400, `Missing required param: ${name}.`, 'parameter_missing', name);
    return undefined;
  }
  if (typeof v !== 'string') throw new StripeFail(400, `Invalid string: ${name}`, 'parameter_invalid_string', name);
  return v;
}

/** A `metadata[...]` hash as Stripe stores it: string values only. */
export function metadataOf(form: Form, name = 'metadata'): Record<string, string> {
  const v = form[name];
  if (v === undefined || v === '') return {};
  if (typeof v !== 'object' || Array.isArray(v))
    throw new StripeFail(400, `Invalid hash: ${name}`, 'parameter_invalid', name);
  const out: Record<string, string> = {};
  for (const [k, val] of Object.entries(v)) {
    if (typeof val !== 'string')
      throw new StripeFail(400, `Invalid metadata value: ${name}[${k}]`, 'parameter_invalid', name);
    out[k] = val;
  }
  return out;
}
