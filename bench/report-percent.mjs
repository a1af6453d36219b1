// How the report writes a ratio as a percent (bench/write-report.mjs).

/** A ratio as a whole percent, or n/a when the run did not measure it. */
export const pct = (ratio) => (Number.isFinite(ratio) ? `${Math.round(ratio * 100)}%` : 'n/a');

/**
 * A ratio beside the share it must reach: to a whole percent, unless that would round it up to
 * the target it falls short of (0.4994 is shown as 49.9%, not as 50% beside "not met").
 */
export const pctAgainst = (ratio, target) =>
  ratio < target && Math.round(ratio * 100) >= target * 100
    ? `${(Math.floor(ratio * 1000) / 10).toFixed(1)}%`
    : pct(ratio);
