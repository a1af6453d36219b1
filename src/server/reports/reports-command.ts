import { finishCommand } from '../command-line.js';
import { runReportsCommand } from './review-at-terminal.js';

// npm run reports -- [show|dismiss|remove-entry|suspend|unsuspend ID]
finishCommand(runReportsCommand(process.argv.slice(2)));
