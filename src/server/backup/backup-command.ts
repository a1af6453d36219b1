import { finishCommand } from '../command-line.js';
import { runBackup } from './backup-and-restore.js';

// npm run backup -- [--out FILE]
finishCommand(runBackup(process.argv.slice(2)));
