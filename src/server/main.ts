import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';

async function main(): Promise<void> {
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
  const app = await buildApp(config);
  app.server.requestTimeout = 30_000;
  app.server.headersTimeout = 20_000;
  app.server.keepAliveTimeout = 5_000;

  // Stop accepting, let requests in flight finish, then close the database.
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
  });

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`The Threefold Path is ready at ${config.appUrl}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
