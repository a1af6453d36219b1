// Waits until the app process on this machine's PORT answers GET /api/ready with 200: the
// systemd unit's ExecStartPost (so `systemctl restart` returns once the process serves) and
// the step between processes in a rolling restart.
//
//   node deploy/wait-until-ready.mjs PORT [SECONDS]     exit 0 when ready, 1 after SECONDS (120)
const [port, seconds = '120'] = process.argv.slice(2);
if (!/^\d+$/.test(port ?? '') || !/^\d+$/.test(seconds)) {
  console.error('usage: node deploy/wait-until-ready.mjs PORT [SECONDS]');
  process.exit(2);
}
const url = `http://127.0.0.1:${port}/api/ready`;
const deadline = Date.now() + Number(seconds) * 1000;
while (Date.now() < deadline) {
  try {
    const answer = await fetch(url, { signal: AbortSignal.timeout(3000) });
    if (answer.status === 200) process.exit(0);
  } catch {
    // Not listening yet: the server listens once migrations are done.
  }
  await new Promise((resolve) => setTimeout(resolve, 200));
}
console.error(`${url} did not answer 200 within ${seconds} s`);
process.exit(1);
