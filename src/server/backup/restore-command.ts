import { ConfigError } from '../config.js';
import { runRestore } from './backup-commands.js';

// npm run restore -- FILE
runRestore(process.argv.slice(2)).then(
  ({ code, lines }) => {
    for (const line of lines) (code === 0 ? console.log : console.error)(line);
    process.exit(code);
  },
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
