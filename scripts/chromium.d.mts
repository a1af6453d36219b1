import type { DebianProgram, Machine, ProgramPlan } from './debian-programs.mjs';

export const CHROMIUM_PACKAGE: string;
export const DEFAULT_CHROMIUM: string;
export const chromiumProgram: DebianProgram;

export const MACHINE_SWITCHES: string[];
export const PLAYWRIGHT_DISABLED_FEATURES: readonly string[];
export const CHROMIUM_TEST_SWITCHES: string[];

export function chromiumPath(env?: Record<string, string | undefined>): string;

export type ChromiumPlan = ProgramPlan;

export function chromiumPlan(machine: Machine): ChromiumPlan;
