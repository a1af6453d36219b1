/**
 * Of several runs of one endpoint against its ceiling, the one whose ratio is the median: the
 * row keeps a whole run's figures (its rates and p99s belong together) rather than a median of
 * each figure apart. With an even number of runs, the lower of the two middle ones, so that
 * repeating never flatters a row.
 */
export function medianRun(runs) {
  if (runs.length === 0) throw new Error('no runs to take the median of');
  const byRatio = [...runs].sort((a, b) => a.ratio - b.ratio);
  return byRatio[Math.floor((byRatio.length - 1) / 2)];
}
