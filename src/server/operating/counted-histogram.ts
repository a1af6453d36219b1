import type { Metric } from 'prom-client';

type Labels<Name extends string> = Record<Name, string | number>;

/** One line of the text, as prom-client's registry writes it. */
interface Line {
  metricName: string;
  labels: Record<string, string | number>;
  value: number;
}

interface Series<Name extends string> {
  labels: Labels<Name>;
  /** How many values fell at or under each bound, and not under the one before. */
  counts: number[];
  sum: number;
  count: number;
}

/**
 * A Prometheus histogram for what happens on every request. prom-client's own checks, sorts and
 * joins the labels of each value it is given; this one finds a series by a key the caller
 * builds, counts into plain numbers, and writes the text only when /metrics is read. The text is
 * prom-client's: `_bucket` lines with `le` (cumulative, up to `+Inf`), then `_sum` and `_count`.
 */
export class CountedHistogram<Name extends string> {
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  readonly #series = new Map<string, Series<Name>>();

  constructor(
    readonly name: string,
    readonly help: string,
    readonly upperBounds: readonly number[],
  ) {}

  /**
   * Counts `value` in the series `key` names (its label values joined), and answers whether
   * that series was there: the first value of a series goes through `observeFirst` instead, with
   * its labels, so no labels are built for every value.
   */
  observe(key: string, value: number): boolean {
    const series = this.#series.get(key);
    if (!series) return false;
    this.#count(series, value);
    return true;
  }

  observeFirst(key: string, labels: Labels<Name>, value: number): void {
    let series = this.#series.get(key);
    if (!series) {
      series = { labels, counts: this.upperBounds.map(() => 0), sum: 0, count: 0 };
      this.#series.set(key, series);
    }
    this.#count(series, value);
  }

  #count(series: Series<Name>, value: number): void {
    const bounds = this.upperBounds;
    for (let index = 0; index < bounds.length; index++) {
      if (value <= bounds[index]!) {
        series.counts[index]! += 1;
        break;
      }
    }
    series.sum += value;
    series.count += 1;
  }

  get(): { name: string; help: string; type: 'histogram'; aggregator: 'sum'; values: Line[] } {
    const values: Line[] = [];
    for (const { labels, counts, sum, count } of this.#series.values()) {
      let cumulative = 0;
      this.upperBounds.forEach((upper, index) => {
        cumulative += counts[index]!;
        values.push({
          metricName: `${this.name}_bucket`,
          labels: { le: upper, ...labels },
          value: cumulative,
        });
      });
      values.push({
        metricName: `${this.name}_bucket`,
        labels: { le: '+Inf', ...labels },
        value: count,
      });
      values.push({ metricName: `${this.name}_sum`, labels, value: sum });
      values.push({ metricName: `${this.name}_count`, labels, value: count });
    }
    return { name: this.name, help: this.help, type: 'histogram', aggregator: 'sum', values };
  }

  /** As registered with a prom-client Registry, which reads it through `get()`. */
  asMetric(): Metric {
    return this as unknown as Metric;
  }
}
