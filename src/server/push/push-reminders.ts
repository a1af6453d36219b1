import type https from 'node:https';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.js';
import { type CircleNotices, circleNoticeSender } from '../circles/circle-notices.js';
import { type ReminderScheduler, createReminderScheduler } from '../jobs/reminder-scheduler.js';
import { loadVapidKeys, type VapidKeys } from './vapid-keys.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The daily reminder pushes; tests call its tick with their own clock. */
    reminderScheduler: ReminderScheduler;
    /** Circle notices sent after saves; tests wait for them with settled(). */
    circleNotices: CircleNotices;
  }
}

/**
 * Sets up pushes: the VAPID keys, the every-minute scheduler of daily reminders (when
 * PUSH_SCHEDULER is on) and the circle notices sent after saves, both stopped before the app
 * closes its database.
 */
export async function setUpPushReminders(
  app: FastifyInstance,
  ctx: AppContext,
  agent?: https.Agent,
): Promise<VapidKeys> {
  const vapid = await loadVapidKeys(ctx.db, ctx.config, ctx.clock());
  const scheduler = createReminderScheduler({
    db: ctx.db,
    vapid,
    clock: ctx.clock,
    logger: app.log,
    onTick: (tick) => ctx.metrics.reminderTick(tick),
    ...(agent ? { agent } : {}),
  });
  app.decorate('reminderScheduler', scheduler);
  app.addHook('preClose', () => scheduler.stop());
  if (ctx.config.pushScheduler) scheduler.start();
  const notices = circleNoticeSender({
    db: ctx.db,
    vapid,
    clock: ctx.clock,
    logger: app.log,
    ...(agent ? { agent } : {}),
  });
  ctx.circleNotices = notices;
  app.decorate('circleNotices', notices);
  app.addHook('preClose', () => notices.close());
  return vapid;
}
