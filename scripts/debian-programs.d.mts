export interface DebianProgram {
  name: string;
  variable: string;
  debianPackage: string;
  defaultPath: string;
}

export type ProgramPlan =
  | { action: 'use'; path: string }
  | { action: 'install'; path: string; debianPackage: string; commands: string[][] }
  | { action: 'stop'; message: string };

export interface Machine {
  configured: string | undefined;
  isUsable: (file: string) => boolean;
  isRoot: boolean;
  hasAptGet: boolean;
}

export function programPlan(program: DebianProgram, machine: Machine): ProgramPlan;

export function installCommands(debianPackages: string[]): string[][];
