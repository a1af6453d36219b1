import type { DebianProgram, Machine, ProgramPlan } from './debian-programs.mjs';

export const NGINX_PACKAGE: string;
export const DEFAULT_NGINX: string;
export const nginxProgram: DebianProgram;

export function nginxPath(env?: Record<string, string | undefined>): string;

export function nginxPlan(machine: Machine): ProgramPlan;
