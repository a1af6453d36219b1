// The JavaScript a phone downloads before the daily screen can show, gzipped: the entry chunk,
// the daily screen's chunk, and every chunk they import statically. Reads the Vite manifest of
// the production build (npm run build) and prints the figures; exits 1 over the budget.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = process.argv[2] ?? 'dist/web';
const budgetKb = Number(process.env.DAILY_JS_BUDGET_KB ?? 100);
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));

function staticClosure(keys) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const next of manifest[key]?.imports ?? []) visit(next);
  };
  keys.forEach(visit);
  return [...seen];
}

const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
const daily = Object.keys(manifest).find((key) =>
  key.includes('screens/daily-ritual/daily-ritual-screen'),
);
if (!entry || !daily) throw new Error('entry or daily screen chunk not found in the manifest');

let total = 0;
const rows = [];
for (const key of staticClosure([entry, daily])) {
  const file = manifest[key].file;
  if (!file.endsWith('.js')) continue;
  const bytes = fs.readFileSync(path.join(dist, file));
  const gz = gzipSync(bytes, { level: 9 }).length;
  total += gz;
  rows.push([file, (bytes.length / 1024).toFixed(1), (gz / 1024).toFixed(1)]);
}
rows.sort((a, b) => Number(b[2]) - Number(a[2]));
console.log('Daily screen initial JavaScript (KB raw / KB gzipped):');
for (const [file, raw, gz] of rows) console.log(`  ${gz.padStart(7)}  ${raw.padStart(7)}  ${file}`);
console.log(
  `daily screen initial JS: ${(total / 1024).toFixed(1)} KB gzipped (budget ${budgetKb} KB)`,
);
if (total / 1024 > budgetKb) process.exit(1);
