import type { FastifyReply } from 'fastify';

/**
 * Runs `work` once the answer has gone (or the connection closed without it), so work a
 * request causes for others never delays the person who asked (docs/decisions/026).
 */
export function afterAnswer(reply: FastifyReply, work: () => void): void {
  if (reply.raw.closed) {
    work();
    return;
  }
  reply.raw.once('close', work);
}
