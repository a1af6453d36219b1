import https from 'node:https';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { parseEntryText } from '#shared/journal-entry';
import type { JournalEntry } from '#shared/journal-schemas';
import { localDateString } from '#shared/reading-pace';
import { orderedParts } from '#shared/shared-parts';
import type { Clock } from '../clock.js';
import type { Database } from '../db/tables.js';
import { forgetGoneSubscription } from '../push/push-subscriptions.js';
import { type PushTransport, sendPush } from '../push/reminder-push.js';
import type { VapidKeys } from '../push/vapid-keys.js';
import {
  type NoticeRecipient,
  circleStillShown,
  claimCircleNotice,
  noticeRecipients,
} from './circle-notice-recipients.js';

/** Pushes in flight at once for one share. */
const CONCURRENCY = 8;

export interface CircleNotices {
  /**
   * Someone shared an entry with circles it was not shared with before: tells the members who
   * asked, in the background. Never throws; a failure is logged and the save stands.
   */
  shared(entry: JournalEntry, circleIds: readonly number[]): void;
  /** Resolves once every notice begun so far has been sent or given up. */
  settled(): Promise<void>;
  /** Waits for notices under way; later shares send nothing. */
  close(): Promise<void>;
}

/** For a process without push keys yet: sends nothing. */
export const idleCircleNotices: CircleNotices = {
  shared: () => undefined,
  settled: () => Promise.resolve(),
  close: () => Promise.resolve(),
};

/** Whether a circle sees any of the entry's words: a shared part with something written. */
function showsWords(entry: JournalEntry): boolean {
  const text = parseEntryText(entry.entryText);
  return orderedParts(entry.sharedParts).some((part) => text[part].trim() !== '');
}

/**
 * "Someone in {circle} shared a reflection", to members who turned it on (docs/decisions/026):
 * at most once a member's local day per circle, claimed in the database so that two processes
 * never both send it, and never across a block, to or from someone suspended.
 */
export function circleNoticeSender(options: {
  db: Kysely<Database>;
  vapid: VapidKeys;
  clock: Clock;
  logger: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** The HTTPS agent toward push services; tests pass one that trusts their own service. */
  agent?: https.Agent;
  timeoutMs?: number;
}): CircleNotices {
  const { db, clock, logger } = options;
  const agent = options.agent ?? new https.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const transport: PushTransport = {
    vapid: options.vapid,
    agent,
    timeoutMs: options.timeoutMs ?? 10_000,
  };
  const running = new Set<Promise<void>>();
  let closed = false;
  const settled = async () => {
    while (running.size > 0) await Promise.allSettled([...running]);
  };

  async function tell(recipient: NoticeRecipient, circle: { id: number; name: string }) {
    const today = localDateString(clock(), recipient.timeZone);
    if (!(await claimCircleNotice(db, circle.id, recipient.userId, today))) return;
    for (const device of recipient.devices) {
      const outcome = await sendPush(transport, device, { circle });
      if (outcome.kind === 'gone') await forgetGoneSubscription(db, device.id, device.endpoint);
      if (outcome.kind === 'failed') {
        logger.warn({ err: outcome.error, subscriptionId: device.id }, 'circle notice not sent');
      }
    }
  }

  async function tellCircle(entry: JournalEntry, circleId: number) {
    const share = { entryId: entry.id, circleId, authorId: entry.userId };
    // Read after the answer: the entry may have been taken off, or its author suspended.
    const name = await circleStillShown(db, share);
    if (name === undefined) return;
    const recipients = await noticeRecipients(db, circleId, entry.userId);
    let next = 0;
    const lane = async () => {
      while (next < recipients.length) {
        const recipient = recipients[next]!;
        next += 1;
        try {
          await tell(recipient, { id: circleId, name });
        } catch (error) {
          // Such as a member who left since the read: the others are still told.
          logger.warn({ err: error, circleId }, 'circle notice not sent');
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, recipients.length) }, lane));
  }

  return {
    shared(entry, circleIds) {
      if (closed || circleIds.length === 0 || !showsWords(entry)) return;
      const work = (async () => {
        for (const circleId of circleIds) await tellCircle(entry, circleId);
      })()
        .catch((error: unknown) => logger.error({ err: error }, 'circle notices failed'))
        .finally(() => running.delete(work));
      running.add(work);
    },
    settled,
    async close() {
      closed = true;
      await settled();
      if (!options.agent) agent.destroy();
    },
  };
}
