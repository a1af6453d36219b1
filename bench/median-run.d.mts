export function medianRun<Run extends { ratio: number }>(runs: Run[]): Run;
