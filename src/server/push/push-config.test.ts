import webPush from 'web-push';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';

describe('push reminder configuration', () => {
  it('by default generates keys, writes to the MAIL_FROM address and runs the scheduler', () => {
    const config = loadConfig({ MAIL_FROM: 'The Threefold Path <hello@threefold.example>' });
    expect(config.vapidKeys).toBeNull();
    expect(config.vapidSubject).toBe('mailto:hello@threefold.example');
    expect(config.pushScheduler).toBe(true);
  });

  it('takes a configured key pair, subject and scheduler switch', () => {
    const keys = webPush.generateVAPIDKeys();
    const config = loadConfig({
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
      VAPID_SUBJECT: 'https://threefold.example/contact',
      PUSH_SCHEDULER: 'false',
    });
    expect(config.vapidKeys).toEqual(keys);
    expect(config.vapidSubject).toBe('https://threefold.example/contact');
    expect(config.pushScheduler).toBe(false);
  });

  it('names a half-configured pair and a malformed subject', () => {
    const keys = webPush.generateVAPIDKeys();
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: keys.publicKey })).toThrow(
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together (or neither)',
    );
    expect(() => loadConfig({ VAPID_SUBJECT: 'someone@example.test' })).toThrow(
      'VAPID_SUBJECT must be a mailto: address or an https:// URL',
    );
    expect(() =>
      loadConfig({ VAPID_PRIVATE_KEY: 'short', VAPID_PUBLIC_KEY: keys.publicKey }),
    ).toThrow('VAPID_PRIVATE_KEY must be a P-256 private key in base64url (43 characters)');
  });
});
