import { defineConfig } from 'vitest/config';
import { reactOnPreact } from './react-on-preact.js';

const conditions = ['source', 'module', 'node', 'development'];
/**
 * Tests run under Node, which is given these as --conditions: without 'module', which names
 * builds meant for bundlers (@opentelemetry/api's, which prom-client requires, is not one Node
 * can load).
 */
const nodeConditions = ['source', 'node', 'development'];
const apiTests = ['src/server/**/*.test.ts'];
const contentTests = ['src/server/content/shipped-pack.test.ts'];
/** Tests that start the built server as child processes; they run after the build. */
const processTests = ['src/server/**/*.process.test.ts'];
/**
 * Of those, the ones whose rules are times (a change heard within 100 ms, not ready within
 * 500 ms, a stop within 10 s, a kill while saves are in flight): they run one at a time, after
 * the others, on a quiet machine.
 */
const timedProcessTests = [
  'src/server/reliability/change-notifications.process.test.ts',
  'src/server/reliability/crash-safety.process.test.ts',
  'src/server/reliability/graceful-shutdown.process.test.ts',
  'src/server/reliability/proxied-processes.process.test.ts',
  'src/server/reliability/shutdown-readiness.process.test.ts',
  'src/server/reliability/start-builds-once.process.test.ts',
];
const runProcessTests = process.env.TEST_PROCESSES === '1';
/** The API suite migrates one template database per run, which each test file copies. */
const migratedTemplate = 'src/server/test-support/migrated-template.ts';

/**
 * Projects: pure unit tests, the shipped content check, and the API suite on SQLite and,
 * when TEST_DATABASE_URL is set, on PostgreSQL as well. With TEST_PROCESSES=1, only the tests
 * that run the built server as real processes.
 */
export default defineConfig({
  resolve: { conditions, alias: reactOnPreact },
  ssr: { resolve: { conditions: nodeConditions, externalConditions: ['source'] } },
  test: {
    // Vitest's default is one worker fewer than the cores, a single one on two: the API suite
    // then waits on PostgreSQL with a core idle. Two keep both busy.
    maxWorkers: 2,
    // Packages built on React are run through the aliases too, so they read Preact in its place.
    server: {
      deps: {
        inline: [
          /react-router/,
          /@tanstack\/react-query/,
          /radix-ui/,
          /react-hook-form/,
          /lucide-react/,
        ],
      },
    },
    reporters: process.env.CI_REPORT ? ['default', 'json'] : ['default'],
    outputFile: process.env.CI_REPORT
      ? {
          json: runProcessTests ? 'test-results/vitest-processes.json' : 'test-results/vitest.json',
        }
      : undefined,
    projects: runProcessTests
      ? [
          {
            extends: true,
            test: {
              name: 'processes',
              include: processTests,
              exclude: timedProcessTests,
              environment: 'node',
              testTimeout: 120_000,
              hookTimeout: 60_000,
              // Two at a time: much of each file's time is a server starting or stopping.
              sequence: { groupOrder: 0 },
            },
          },
          {
            extends: true,
            test: {
              name: 'processes-timed',
              include: timedProcessTests,
              environment: 'node',
              testTimeout: 120_000,
              hookTimeout: 60_000,
              fileParallelism: false,
              sequence: { groupOrder: 1 },
            },
          },
        ]
      : [
          {
            extends: true,
            // The web's code runs here, with the ES module builds of the packages it uses (the
            // router's, the icons'): their imports of React are turned to Preact
            // (react-on-preact.ts), as a CommonJS build's requires would not be.
            ssr: {
              resolve: { conditions, externalConditions: ['source'] },
            },
            test: {
              name: 'unit',
              include: [
                'src/shared/**/*.test.ts',
                'src/web/**/*.test.ts',
                'scripts/**/*.test.ts',
                'bench/**/*.test.ts',
              ],
              environment: 'node',
            },
          },
          {
            extends: true,
            test: { name: 'content', include: contentTests, environment: 'node' },
          },
          {
            extends: true,
            test: {
              name: 'api-sqlite',
              include: apiTests,
              exclude: [...contentTests, ...processTests],
              environment: 'node',
              env: { TEST_DB: 'sqlite' },
              globalSetup: [migratedTemplate],
              testTimeout: 20_000,
              hookTimeout: 30_000,
              // Each file builds its own app on its own database and keeps nothing at module level,
              // so the files of a worker share the server's modules rather than import them again
              // (which took most of the suite's time).
              isolate: false,
            },
          },
          ...(process.env.TEST_DATABASE_URL
            ? [
                {
                  extends: true as const,
                  test: {
                    name: 'api-postgres',
                    include: apiTests,
                    exclude: [...contentTests, ...processTests],
                    environment: 'node',
                    env: { TEST_DB: 'postgres' },
                    globalSetup: [migratedTemplate],
                    testTimeout: 20_000,
                    hookTimeout: 30_000,
                    isolate: false, // as on SQLite
                  },
                },
              ]
            : []),
        ],
  },
});
