import { finishCommand } from '../command-line.js';
import { runRestore } from './backup-and-restore.js';

// npm run restore -- FILE
finishCommand(runRestore(process.argv.slice(2)));
