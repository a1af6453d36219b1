import { describe, expect, it } from 'vitest';
import {
  circleNoticeMessage,
  parseCircleNoticePayload,
  parseReminderPushPayload,
} from './push-payload.js';
import { createPushSubscriptionSchema } from './push-schemas.js';

const subscription = {
  endpoint: 'https://push.example.test/send/abc',
  expirationTime: null,
  keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
};

describe('a reminder subscription sent by the browser', () => {
  it('accepts a browser subscription with a time and an IANA zone', () => {
    const parsed = createPushSubscriptionSchema.safeParse({
      subscription,
      time: '08:30',
      timeZone: 'Asia/Kathmandu',
    });
    expect(parsed.success).toBe(true);
  });

  it('names each bad field', () => {
    const parsed = createPushSubscriptionSchema.safeParse({
      subscription: { ...subscription, endpoint: 'http://push.example.test/x', keys: {} },
      time: '8:30',
      timeZone: 'Mars/Olympus',
    });
    expect(parsed.success).toBe(false);
    const messages = parsed.error!.issues.map((issue) => issue.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        'Endpoint must be an https:// address of a push service',
        'Time must be a 24-hour time such as 08:30',
        'Time zone must be an IANA time zone such as Europe/London',
      ]),
    );
  });
});

describe('a push endpoint', () => {
  it('refuses a user name or password before the host', () => {
    for (const endpoint of [
      'https://user@push.example.test/send/abc',
      'https://user:secret@push.example.test/send/abc',
      'https://:secret@push.example.test/send/abc',
    ]) {
      const parsed = createPushSubscriptionSchema.safeParse({
        subscription: { ...subscription, endpoint },
        time: '08:30',
        timeZone: 'UTC',
      });
      expect(parsed.success, endpoint).toBe(false);
      expect(parsed.error!.issues.map((issue) => issue.message)).toEqual([
        'Endpoint must not contain a user name or password',
      ]);
    }
  });
});

describe('the reminder push payload', () => {
  it('reads the day, and refuses anything else', () => {
    expect(parseReminderPushPayload('{"day":12}')).toEqual({ day: 12 });
    expect(parseReminderPushPayload('{"day":0}')).toBeNull();
    expect(parseReminderPushPayload('{"day":242}')).toBeNull();
    expect(parseReminderPushPayload('not json')).toBeNull();
    expect(parseReminderPushPayload(null)).toBeNull();
  });
});

describe('the circle notice payload', () => {
  it('reads the circle, and refuses anything else', () => {
    expect(parseCircleNoticePayload('{"circle":{"id":7,"name":"Family"}}')).toEqual({
      circle: { id: 7, name: 'Family' },
    });
    expect(parseCircleNoticePayload('{"day":12}')).toBeNull();
    expect(parseCircleNoticePayload('{"circle":{"id":0,"name":"Family"}}')).toBeNull();
    expect(parseCircleNoticePayload('{"circle":{"id":7}}')).toBeNull();
    expect(parseCircleNoticePayload('{"circle":null}')).toBeNull();
    expect(parseCircleNoticePayload('not json')).toBeNull();
  });

  it('names the circle and never the person', () => {
    expect(circleNoticeMessage('Family').title).toBe('Someone in Family shared a reflection');
  });
});
