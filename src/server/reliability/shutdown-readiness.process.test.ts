import { describe, expect, it } from 'vitest';
import {
  freePort,
  inBatches,
  startReadyServer,
  stopServer,
} from '../test-support/server-processes.js';
import { createTestDatabase } from '../test-support/test-app.js';

const REQUESTS = 300;
const DELAY_MS = 1_500;

const statusOf = (url: string) =>
  fetch(url).then(
    (answer) => answer.status,
    () => 'refused' as const,
  );

describe('shutdown, as a load balancer and a log reader see it', () => {
  it('on SIGTERM /api/ready answers 503 while requests are still served, then the server stops, its log complete', async () => {
    const database = await createTestDatabase('sqlite');
    const port = await freePort();
    const server = await startReadyServer({
      port,
      databaseUrl: database.url,
      env: { LOG_LEVEL: 'info', SHUTDOWN_DELAY_MS: String(DELAY_MS) },
    });
    try {
      expect(await statusOf(`${server.baseUrl}/api/ready`)).toBe(200);
      // Each request's line waits in the log's buffer until it is full or the server stops.
      const ids = Array.from({ length: REQUESTS }, (_, n) => `probe-${n}`);
      await inBatches(ids, 10, async (id) => {
        const answer = await fetch(`${server.baseUrl}/api/health`, {
          headers: { 'x-request-id': id },
        });
        expect(answer.status).toBe(200);
      });

      const signalledAt = performance.now();
      server.child.kill('SIGTERM');
      let notReadyAt: number | undefined;
      const duringDelay: (number | 'refused')[] = [];
      while (performance.now() - signalledAt < DELAY_MS - 300) {
        const ready = await statusOf(`${server.baseUrl}/api/ready`);
        if (ready === 503) notReadyAt ??= performance.now();
        if (notReadyAt !== undefined)
          duringDelay.push(await statusOf(`${server.baseUrl}/api/health`));
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(notReadyAt, 'ready never answered 503').toBeDefined();
      expect(notReadyAt! - signalledAt).toBeLessThan(500);
      // Not ready, yet still serving: new requests are answered until the delay is over.
      expect(duringDelay.length).toBeGreaterThan(0);
      expect(duringDelay.every((status) => status === 200)).toBe(true);

      const exit = await server.exited;
      expect(exit.code).toBe(0);
      expect(performance.now() - signalledAt).toBeGreaterThanOrEqual(DELAY_MS);
      expect(await statusOf(`${server.baseUrl}/api/health`)).toBe('refused');

      const entries = server
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      const completed = entries.filter((e) => e.msg === 'request completed');
      for (const id of ids) {
        expect(
          completed.filter((e) => e.reqId === id),
          id,
        ).toHaveLength(1);
      }
      expect(completed.filter((e) => e.url === '/api/ready').map((e) => e.status)).toContain(503);
      expect(entries.at(-1)?.msg).toBe('stopped');
    } finally {
      await stopServer(server, 'SIGKILL');
      await database.drop();
    }
  });
});
