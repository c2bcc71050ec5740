// Standard Webhooks signatures as the delivery code builds them: the spec's test vector through
// the standardwebhooks library, through the delivery's own header builder, and recomputed by hand.
import { createHmac } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { endpointRefusal, signedRequest } from '../../../supabase/functions/deliver-webhooks/handler.ts';
import { signWithStandardWebhooks } from '../../../supabase/local/webhooks/delivery';

// github.com/standard-webhooks/standard-webhooks, spec/standard-webhooks.md ("Signature scheme" example)
const VECTOR = {
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  msgId: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
  timestamp: 1614265330,
  body: '{"test": 2432232314}',
  signature: 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
};

describe('the Standard Webhooks test vector', () => {
  it('the library signs it', () => {
    expect(new Webhook(VECTOR.secret).sign(VECTOR.msgId, new Date(VECTOR.timestamp * 1000), VECTOR.body)).toBe(
      VECTOR.signature,
    );
  });

  it('the delivery headers carry it (msg_ id, whole-second timestamp, v1 signature)', () => {
    const req = signedRequest(
      signWithStandardWebhooks,
      { id: VECTOR.msgId.slice('msg_'.length), secret: VECTOR.secret },
      new Date(VECTOR.timestamp * 1000 + 999), // milliseconds are dropped, as the header has seconds
      VECTOR.body,
    );
    expect(req.body).toBe(VECTOR.body);
    expect(req.headers).toMatchObject({
      'content-type': 'application/json',
      'webhook-id': VECTOR.msgId,
      'webhook-timestamp': String(VECTOR.timestamp),
      'webhook-signature': VECTOR.signature,
    });
  });

  it('is HMAC-SHA256 of "{id}.{timestamp}.{body}" keyed by the base64-decoded secret', () => {
    const key = Buffer.from(VECTOR.secret.slice('whsec_'.length), 'base64');
    const mac = createHmac('sha256', key).update(`${VECTOR.msgId}.${VECTOR.timestamp}.${VECTOR.body}`).digest('base64');
    expect(`v1,${mac}`).toBe(VECTOR.signature);
  });

  it('receivers refuse it today: a signature is only good near its timestamp (why we sign at send time)', () => {
    const headers = {
      'webhook-id': VECTOR.msgId,
      'webhook-timestamp': String(VECTOR.timestamp),
      'webhook-signature': VECTOR.signature,
    };
    expect(() => new Webhook(VECTOR.secret).verify(VECTOR.body, headers)).toThrow('Message timestamp too old');
    const fresh = signedRequest(
      signWithStandardWebhooks,
      { id: 'p5jXN8AQM9LWM0D4loKWxJek', secret: VECTOR.secret },
      new Date(),
      VECTOR.body,
    );
    expect(new Webhook(VECTOR.secret).verify(fresh.body, fresh.headers)).toEqual({ test: 2432232314 });
    expect(() => new Webhook(VECTOR.secret).verify(VECTOR.body.replace('2432232314', '1'), fresh.headers)).toThrow(
      'No matching signature found',
    );
  });
});

describe('which endpoints are called', () => {
  it('https anywhere; plain http only to a loopback host and only where allowed (the local backend)', () => {
    expect(endpointRefusal('https://hooks.example.test/x', false)).toBeNull();
    expect(endpointRefusal('http://127.0.0.1:8788/hook', true)).toBeNull();
    expect(endpointRefusal('http://localhost/hook', true)).toBeNull();
    expect(endpointRefusal('http://[::1]:9/hook', true)).toBeNull();
    expect(endpointRefusal('http://127.0.0.1:8788/hook', false)).toMatch(/only https/);
    expect(endpointRefusal('https://localhost/hook', false)).toMatch(/loopback/);
    expect(endpointRefusal('http://hooks.example.test/x', true)).toMatch(/only https/);
    expect(endpointRefusal('http://10.0.0.1/x', true)).toMatch(/only https/);
    expect(endpointRefusal('https://user:pw@hooks.example.test/', false)).toMatch(/credentials/);
    expect(endpointRefusal('ftp://hooks.example.test/', false)).toMatch(/only https/);
    expect(endpointRefusal('/relative', false)).toMatch(/absolute/);
  });
});
