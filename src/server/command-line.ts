import { ConfigError } from './config.js';

/** What an operator command says, and the exit code it ends with. */
export interface CommandOutcome {
  code: number;
  lines: string[];
}

/**
 * Prints an operator command's lines (to stderr when it failed) and exits with its code; a bad
 * configuration is told in its own words, anything else with its stack.
 */
export function finishCommand(outcome: Promise<CommandOutcome>): void {
  outcome.then(
    ({ code, lines }) => {
      for (const line of lines) (code === 0 ? console.log : console.error)(line);
      process.exit(code);
    },
    (error: unknown) => {
      console.error(error instanceof ConfigError ? error.message : error);
      process.exit(1);
    },
  );
}
