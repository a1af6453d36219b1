import { ConfigError } from '../config.js';
import { runContentImport } from './content-import.js';

// npm run content:import -- PATH
runContentImport(process.argv[2]).then(
  ({ code, lines }) => {
    for (const line of lines) (code === 0 ? console.log : console.error)(line);
    process.exit(code);
  },
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
