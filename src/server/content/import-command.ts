import { finishCommand } from '../command-line.js';
import { runContentImport } from './content-import.js';

// npm run content:import -- PATH
finishCommand(runContentImport(process.argv[2]));
