import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { bufferedLogDestination } from './log-output.js';
import { loggerOptions } from './logging.js';
import { createReadiness } from './operating/operating-routes.js';

/** Starts the server as configured by the environment, and stops it gracefully on a signal. */
export async function serve(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logs = bufferedLogDestination();
  const readiness = createReadiness();
  let app;
  try {
    app = await buildApp(config, { logger: loggerOptions(config, logs.stream), readiness });
  } catch (error) {
    // A start that failed says why before the process ends.
    await logs.flush();
    throw error;
  }
  app.server.requestTimeout = 30_000;
  app.server.headersTimeout = 20_000;
  app.server.keepAliveTimeout = 5_000;

  // Answer "not ready" first and keep serving for SHUTDOWN_DELAY_MS, so a load balancer stops
  // sending new requests; then stop accepting, let requests in flight finish, close the
  // database, and write out every log line still held.
  closeWithGrace({ delay: 10_000 + config.shutdownDelayMs }, async ({ signal, err }) => {
    readiness.stopping();
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal, delayMs: config.shutdownDelayMs }, 'shutting down');
    if (config.shutdownDelayMs > 0) {
      await new Promise((resolve) => setTimeout(resolve, config.shutdownDelayMs));
    }
    try {
      await app.close();
    } finally {
      app.log.info('stopped');
      await logs.flush();
    }
  });

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`The Threefold Path is ready at ${config.appUrl}`);
  // The start's lines are read by whoever launched the server: out now, not with the next 4 KB.
  await logs.flush();
}
