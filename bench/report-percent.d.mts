export function pct(ratio: number | undefined): string;

export function pctAgainst(ratio: number, target: number): string;
