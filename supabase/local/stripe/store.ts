/**
 * The local Stripe edge's objects, in Stripe's JSON shapes (API version of the installed SDK).
 * Invariants: ids carry Stripe's prefixes and are never reused; every object keeps `livemode:
 * false`; with a file path the whole state is written after each change (small: a few hundred
 * objects on a demo machine), so `npm start` keeps customers and subscriptions across restarts.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { missing } from './errors';

export type Obj = Record<string, unknown> & { id: string; object: string };

export const KINDS = [
  'product',
  'price',
  'customer',
  'checkout.session',
  'subscription',
  'invoice',
  'charge',
  'refund',
  'event',
  'billing_portal.session',
  'test_helpers.test_clock',
  'payment_method',
] as const;
export type Kind = (typeof KINDS)[number];

const PREFIX: Record<Kind, string> = {
  product: 'prod_',
  price: 'price_',
  customer: 'cus_',
  'checkout.session': 'cs_test_',
  subscription: 'sub_',
  invoice: 'in_',
  charge: 'ch_',
  refund: 're_',
  event: 'evt_',
  'billing_portal.session': 'bps_',
  'test_helpers.test_clock': 'clock_',
  payment_method: 'pm_',
};

export const newId = (prefix: string): string => prefix + randomBytes(12).toString('base64url').replace(/[-_]/g, 'x');

export class StripeStore {
  private readonly objects = new Map<string, Obj>();
  /** Idempotency-Key → the first response (Stripe keeps them 24 h). */
  readonly idempotent = new Map<string, { status: number; body: unknown }>();

  constructor(private readonly file?: string) {
    if (file && existsSync(file)) {
      const saved = JSON.parse(readFileSync(file, 'utf8')) as Obj[];
      for (const o of saved) this.objects.set(o.id, o);
    }
  }

  create(kind: Kind, fields: Record<string, unknown>): Obj {
    const obj: Obj = { id: newId(PREFIX[kind]), object: kind, livemode: false, ...fields };
    this.objects.set(obj.id, obj);
    this.save();
    return obj;
  }

  get(kind: Kind, id: string): Obj {
    const o = this.objects.get(id);
    if (!o || o.object !== kind) throw missing(kind.replace(/^.*\./, '').replace('_', ' '), id);
    return o;
  }

  update(obj: Obj, fields: Record<string, unknown>): Obj {
    Object.assign(obj, fields);
    this.save();
    return obj;
  }

  all(kind: Kind): Obj[] {
    return [...this.objects.values()].filter((o) => o.object === kind);
  }

  save(): void {
    if (!this.file) return;
    mkdirSync(dirname(this.file), { recursive: true });
    writeFileSync(this.file, JSON.stringify([...this.objects.values()]));
  }
}
