export const CHROMIUM_PACKAGE: string;
export const DEFAULT_CHROMIUM: string;

export function chromiumPath(env?: Record<string, string | undefined>): string;

export type ChromiumPlan =
  | { action: 'use'; path: string }
  | { action: 'install'; path: string; commands: string[][] }
  | { action: 'stop'; message: string };

export function chromiumPlan(machine: {
  configured: string | undefined;
  isUsable: (file: string) => boolean;
  isRoot: boolean;
  hasAptGet: boolean;
}): ChromiumPlan;
