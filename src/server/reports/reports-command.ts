import { ConfigError } from '../config.js';
import { runReportsCommand } from './reports-commands.js';

// npm run reports -- [show|dismiss|remove-entry|suspend|unsuspend ID]
runReportsCommand(process.argv.slice(2)).then(
  ({ code, lines }) => {
    for (const line of lines) (code === 0 ? console.log : console.error)(line);
    process.exit(code);
  },
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
