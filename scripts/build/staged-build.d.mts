export const STAMP_FILE: string;

export function buildIfChanged(options: {
  root: string;
  outDir: string;
  inputs: string[];
  build: (dir: string) => Promise<void>;
  always?: boolean;
  log?: (line: string) => void;
}): Promise<'built' | 'up to date'>;
