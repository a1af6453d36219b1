import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { CountedHistogram } from './counted-histogram.js';

describe('a counted histogram', () => {
  it("reads as prom-client's own histogram given the same values", async () => {
    const bounds = [0.001, 0.01, 0.1, 1];
    const theirs = new Registry();
    const ours = new Registry();
    const reference = new Histogram({
      name: 'answers_seconds',
      help: 'Time to answer',
      labelNames: ['route', 'status_code'] as const,
      buckets: bounds,
      registers: [theirs],
    });
    const counted = new CountedHistogram<'route' | 'status_code'>(
      'answers_seconds',
      'Time to answer',
      bounds,
    );
    ours.registerMetric(counted.asMetric());

    const values: [string, number, number][] = [
      ['/a', 200, 0.0004],
      ['/a', 200, 0.001],
      ['/a', 200, 0.05],
      ['/b/:id', 404, 2.5],
      ['/a', 500, 0.2],
      ['/b/:id', 404, 0.003],
    ];
    for (const [route, status, seconds] of values) {
      reference.observe({ route, status_code: status }, seconds);
      const key = `${route} ${status}`;
      if (!counted.observe(key, seconds)) {
        counted.observeFirst(key, { route, status_code: status }, seconds);
      }
    }
    const lines = async (registry: Registry) => (await registry.metrics()).split('\n').sort();
    expect(await lines(ours)).toEqual(await lines(theirs));
    expect(await ours.metrics()).toContain(
      'answers_seconds_bucket{le="+Inf",route="/b/:id",status_code="404"} 2',
    );
  });
});
