// Standard Webhooks signatures as the delivery code builds them: the spec's test vector through
// the standardwebhooks library, through the delivery's own header builder, and recomputed by hand.
import { createHmac } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { checkDestination } from '../../../supabase/functions/deliver-webhooks/destination.ts';
import { signedRequest } from '../../../supabase/functions/deliver-webhooks/handler.ts';
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
  const dns: Record<string, string[]> = {
    'hooks.example.test': ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
    'private.example.test': ['10.0.0.5'],
    'mixed.example.test': ['93.184.215.14', '192.168.0.2'],
    'v6.example.test': ['fd00::5'],
    'mapped.example.test': ['::ffff:169.254.169.254'],
  };
  const resolve = async (host: string) => dns[host] ?? [];
  const hosted = (url: string) => checkDestination(url, resolve, null).then((d) => (d.ok ? null : d.reason));
  const local = (url: string) =>
    checkDestination(url, resolve, { refusedPorts: [54321, 4173, 5173] }).then((d) => (d.ok ? null : d.reason));

  it('hosted: https to hosts whose every address is public, nothing else', async () => {
    expect(await hosted('https://hooks.example.test/x')).toBeNull();
    expect(await hosted('https://93.184.215.14/x')).toBeNull();
    const refused = [
      'https://private.example.test/x',
      'https://mixed.example.test/x',
      'https://v6.example.test/x',
      'https://mapped.example.test/x',
      'https://unknown.example.test/x',
      'https://127.0.0.2/x',
      'https://127.1/x',
      'https://2130706433/x',
      'https://0x7f000001/x',
      'https://[::ffff:127.0.0.1]/x',
      'https://[::ffff:a00:1]/x',
      'https://0.0.0.0/x',
      'https://[::]/x',
      'https://[::1]/x',
      'https://localhost/x',
      'https://localhost./x',
      'https://10.0.0.1/x',
      'https://172.31.255.255/x',
      'https://192.168.0.1/x',
      'https://169.254.169.254/latest/meta-data',
      'https://100.64.0.1/x',
      'https://[fe80::1]/x',
      'https://[fc00::1]/x',
      'https://[64:ff9b::a00:1]/x',
      'https://[2002:a00:1::]/x',
      'http://hooks.example.test/x',
      'http://127.0.0.1:8788/hook',
      'https://user:pw@hooks.example.test/',
      'ftp://hooks.example.test/',
      '/relative',
    ];
    const called: string[] = [];
    for (const url of refused) if ((await hosted(url)) === null) called.push(url);
    expect(called).toEqual([]);
  });

  it("locally: loopback hosts a developer writes, on any port but Bucket's own", async () => {
    for (const url of ['http://127.0.0.1:8788/hook', 'http://localhost:3000/hook', 'http://[::1]:9/hook']) {
      expect(await local(url)).toBeNull();
    }
    expect(await local('http://127.0.0.1:54321/rest/v1/')).toMatch(/port 54321/);
    expect(await local('http://localhost:4173/')).toMatch(/port 4173/);
    expect(await local('http://[::1]:5173/')).toMatch(/port 5173/);
    expect(await local('https://localhost:54321/')).toMatch(/port 54321/);
    expect(await local('http://[::ffff:127.0.0.1]:8788/')).toMatch(/non-public/); // not a host a developer writes
    expect(await local('http://127.0.0.2:8788/')).toMatch(/non-public/);
    expect(await local('http://0.0.0.0:8788/')).toMatch(/non-public/);
    expect(await local('https://private.example.test/')).toMatch(/non-public/);
    expect(await local('http://hooks.example.test/x')).toMatch(/only https/);
  });
});
