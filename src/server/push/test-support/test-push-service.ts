import crypto from 'node:crypto';
import https from 'node:https';
import type { AddressInfo } from 'node:net';

/*
 * A push service on loopback that does what a browser's push service and user agent do with a
 * push: it checks the VAPID authorization (RFC 8292), then decrypts the aes128gcm body
 * (RFC 8188, RFC 8291) with the subscription's private key and auth secret, which it made.
 */

// A self-signed certificate for 127.0.0.1 (valid until 2126): web-push speaks HTTPS only.
const CERTIFICATE = `-----BEGIN CERTIFICATE-----
MIIBjzCCATagAwIBAgIUMIuhP52wnfKNeQyuYxtIftm5C7IwCgYIKoZIzj0EAwIw
FDESMBAGA1UEAwwJMTI3LjAuMC4xMCAXDTI2MTEyMjAyNDk0NloYDzIxMjYxMDI5
MDI0OTQ2WjAUMRIwEAYDVQQDDAkxMjcuMC4wLjEwWTATBgcqhkjOPQIBBggqhkjO
PQMBBwNCAAQD7BUIVKklKAlZCYD/dCEgu7/XDuAGRzdLFL/2kKXKAk4E+cnFC/bN
VdC86z585trxcC2LnFU4M5NpjiGAvq+ko2QwYjAdBgNVHQ4EFgQUhNvTrM+ErgjS
A9eLsQHhjp/6OgcwHwYDVR0jBBgwFoAUhNvTrM+ErgjSA9eLsQHhjp/6OgcwDwYD
VR0TAQH/BAUwAwEB/zAPBgNVHREECDAGhwR/AAABMAoGCCqGSM49BAMCA0cAMEQC
ICvu0wmlVBChvBARSBtQlC6L1uoCxjUxgrbTO7veRp7BAiBfct/5D/Y1gRkjZRf3
Z1p9x2iBPozsIhUlFGnK/gvL0Q==
-----END CERTIFICATE-----
`;
const PRIVATE_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgJ3rIY2GfkEAJ/C7Z
wWlZyHIqmGwT8B5RhHsTFkMmB9ihRANCAAQD7BUIVKklKAlZCYD/dCEgu7/XDuAG
RzdLFL/2kKXKAk4E+cnFC/bNVdC86z585trxcC2LnFU4M5NpjiGAvq+k
-----END PRIVATE KEY-----
`;

export interface DeliveredPush {
  /** Which subscription it was for. */
  subscription: string;
  /** The decrypted payload, parsed as JSON. */
  payload: unknown;
  ttl: number;
  urgency: string | undefined;
  /** The verified claims of the VAPID JWT. */
  claims: { aud: string; sub: string; exp: number };
}

export interface TestSubscription {
  id: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** A status code, or 'no answer' for a service that holds the request open. */
type Answer = number | 'no answer';

interface Subscriber {
  ecdh: crypto.ECDH;
  publicKey: Buffer;
  authSecret: Buffer;
  /** Answers for the next pushes, one each, before answering 201 again. */
  answers: Answer[];
}

export interface TestPushService {
  /** Trusts the service's certificate; pass it to the app as its push agent. */
  agent: https.Agent;
  origin: string;
  /** A new browser subscription, as PushSubscription.toJSON() gives it. */
  subscribe(): TestSubscription;
  /** The next pushes to `subscription` get these statuses (e.g. 410, or 500 then 201). */
  answerNext(subscription: TestSubscription, ...answers: Answer[]): void;
  /** Every push that passed the checks, in arrival order. */
  delivered: DeliveredPush[];
  /** Pushes refused (bad VAPID or undecryptable body), with the reason. */
  refused: { subscription: string; reason: string }[];
  /** Every request that reached the service, including ones answered with an error status. */
  attempts: string[];
  close(): Promise<void>;
}

const b64url = (value: Buffer) => value.toString('base64url');

/** Starts a push service on 127.0.0.1 that accepts pushes signed with `vapidPublicKey`. */
export async function startTestPushService(vapidPublicKey: () => string): Promise<TestPushService> {
  const subscribers = new Map<string, Subscriber>();
  const delivered: DeliveredPush[] = [];
  const refused: TestPushService['refused'] = [];
  const attempts: string[] = [];

  const server = https.createServer(
    { cert: CERTIFICATE, key: PRIVATE_KEY },
    (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const id = /^\/push\/([\w-]+)$/.exec(request.url ?? '')?.[1] ?? '';
        const subscriber = subscribers.get(id);
        attempts.push(id);
        if (request.method !== 'POST' || !subscriber) {
          response.writeHead(404).end();
          return;
        }
        const forced = subscriber.answers.shift();
        if (forced === 'no answer') return;
        if (forced !== undefined && forced !== 201) {
          response.writeHead(forced).end();
          return;
        }
        try {
          const claims = verifyVapid(request.headers.authorization, vapidPublicKey(), origin);
          if (request.headers['content-encoding'] !== 'aes128gcm')
            throw new Error(`content-encoding ${request.headers['content-encoding']}`);
          const plaintext = decryptAes128gcm(Buffer.concat(chunks), subscriber);
          delivered.push({
            subscription: id,
            payload: JSON.parse(plaintext.toString('utf8')) as unknown,
            ttl: Number(request.headers.ttl),
            urgency: request.headers.urgency as string | undefined,
            claims,
          });
          response.writeHead(201).end();
        } catch (error) {
          refused.push({ subscription: id, reason: (error as Error).message });
          response.writeHead(400).end();
        }
      });
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const agent = new https.Agent({ ca: CERTIFICATE, keepAlive: true });

  return {
    agent,
    origin,
    delivered,
    refused,
    attempts,
    subscribe() {
      const id = crypto.randomBytes(9).toString('base64url');
      const ecdh = crypto.createECDH('prime256v1');
      const publicKey = ecdh.generateKeys();
      const authSecret = crypto.randomBytes(16);
      subscribers.set(id, { ecdh, publicKey, authSecret, answers: [] });
      return {
        id,
        endpoint: `${origin}/push/${id}`,
        keys: { p256dh: b64url(publicKey), auth: b64url(authSecret) },
      };
    },
    answerNext(subscription, ...answers) {
      subscribers.get(subscription.id)?.answers.push(...answers);
    },
    async close() {
      agent.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Checks `vapid t=JWT, k=KEY`: the key is the app's, and the ES256 signature and claims hold. */
function verifyVapid(
  header: string | undefined,
  expectedKey: string,
  origin: string,
): DeliveredPush['claims'] {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`authorization header ${header}`);
  const [, token, key] = match as unknown as [string, string, string];
  if (key !== expectedKey) throw new Error('signed with another VAPID key');
  const [head, body, signature] = token.split('.') as [string, string, string];
  const point = Buffer.from(key, 'base64url');
  const publicKey = crypto.createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: b64url(point.subarray(1, 33)),
      y: b64url(point.subarray(33, 65)),
    },
    format: 'jwk',
  });
  const valid = crypto.verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!valid) throw new Error('VAPID signature does not verify');
  const header64 = JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg?: string };
  if (header64.alg !== 'ES256') throw new Error(`JWT alg ${header64.alg}`);
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as DeliveredPush['claims'];
  if (claims.aud !== origin) throw new Error(`JWT aud ${claims.aud}`);
  const nowSeconds = Date.now() / 1000;
  if (!(claims.exp > nowSeconds && claims.exp <= nowSeconds + 24 * 3600))
    throw new Error(`JWT exp ${claims.exp}`);
  if (!/^(mailto:|https:)/.test(claims.sub)) throw new Error(`JWT sub ${claims.sub}`);
  return claims;
}

const hkdf = (salt: Buffer, ikm: Buffer, info: Buffer, length: number) =>
  Buffer.from(crypto.hkdfSync('sha256', ikm, salt, info, length));

/** RFC 8291 section 3.4 and RFC 8188: one record, keyed from ECDH and the auth secret. */
function decryptAes128gcm(body: Buffer, subscriber: Subscriber): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const keyIdLength = body.readUInt8(20);
  const senderKey = body.subarray(21, 21 + keyIdLength);
  const record = body.subarray(21 + keyIdLength);
  if (keyIdLength !== 65) throw new Error(`keyid of ${keyIdLength} bytes`);
  if (record.length > recordSize) throw new Error('more than one record');

  const ecdhSecret = subscriber.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), subscriber.publicKey, senderKey]);
  const ikm = hkdf(subscriber.authSecret, ecdhSecret, keyInfo, 32);
  const contentKey = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);

  const decipher = crypto.createDecipheriv('aes-128-gcm', contentKey, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([
    decipher.update(record.subarray(0, record.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('missing last-record delimiter');
  return padded.subarray(0, end);
}
