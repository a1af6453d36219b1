import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../config.js';
import { freePort } from '../test-support/server-processes.js';

interface StepFigures {
  requests: number;
  p50: number;
  p99: number;
}

interface LoadSummary extends StepFigures {
  people: number;
  errors: number;
  errorSamples: unknown[];
  steps: Record<string, StepFigures>;
}

const people = 200;
// The short form; LOAD_SECONDS=60 runs the full minute.
const seconds = Number(process.env.LOAD_SECONDS ?? 12);

describe('load: the daily flow on SQLite', () => {
  it(
    `${people} people reading, explaining, reflecting, saving and reading the feed: zero errors`,
    { timeout: (seconds + 150) * 1000 },
    async () => {
      const port = await freePort();
      const child = spawn(
        process.execPath,
        [path.join(projectRoot, 'bench', 'daily-flow-load.mjs'), '--json'],
        {
          env: {
            ...process.env,
            LOAD_PEOPLE: String(people),
            LOAD_SECONDS: String(seconds),
            LOAD_PORT: String(port),
            LOAD_URL: '',
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));

      const lastLine = stdout.trim().split('\n').at(-1) ?? '';
      expect(lastLine.startsWith('{'), `no summary printed:\n${stdout}\n${stderr}`).toBe(true);
      const summary = JSON.parse(lastLine) as LoadSummary;
      console.log(
        `daily flow: ${summary.requests} requests in ${seconds} s, ${summary.errors} errors, p50 ${summary.p50} ms, p99 ${summary.p99} ms`,
      );
      expect(summary.errorSamples).toEqual([]);
      expect(summary.errors).toBe(0);
      expect(code).toBe(0);
      expect(summary.people).toBe(people);
      // Every person went round the whole flow at least once.
      for (const step of ['thought', 'gatha info', 'save reflection', 'friends feed']) {
        expect(summary.steps[step]!.requests).toBeGreaterThanOrEqual(people);
      }
      expect(summary.p99).toBeGreaterThan(0);
    },
  );
});
