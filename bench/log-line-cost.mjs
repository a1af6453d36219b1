// The CPU time the default log adds to each answered request, measured in this process through
// the server's own code: its logger options and its log controller's line for an answered
// request, into the same buffered output as production's, in front of a file. Unlike requests per
// second, it does not move with the machine's other work.
import fs from 'node:fs';
import os from 'node:os';
import pino from 'pino';

export async function logLineCost() {
  const { AnsweredRequestLog, loggerOptions } = await import(
    new URL('../dist/server/logging.js', import.meta.url)
  );
  const { bufferedLogDestination } = await import(
    new URL('../dist/server/log-output.js', import.meta.url)
  );
  const sink = bufferedLogDestination(fs.openSync(os.devNull, 'w'));
  const logger = pino(loggerOptions({ env: 'production', logLevel: 'info' }), sink.stream);
  const controller = new AnsweredRequestLog();
  const request = {
    id: '6f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a4b',
    method: 'GET',
    url: '/api/journal/friends',
    routeOptions: { url: '/api/journal/friends' },
    server: { log: logger },
  };
  const reply = { statusCode: 200, elapsedTime: 0.4213 };
  const lines = 200_000;
  for (let i = 0; i < lines / 10; i++) controller.requestCompleted(null, request, reply);
  // CPU time, not elapsed time: on a busy machine this process also waits for the processors.
  const started = process.cpuUsage();
  for (let i = 0; i < lines; i++) controller.requestCompleted(null, request, reply);
  await sink.flush();
  const used = process.cpuUsage(started);
  return { microsPerLine: (used.user + used.system) / lines };
}
