// The load: a fixed number of keep-alive connections, each sending its next request as soon as
// the last answer is whole, for a time or a number of requests. It reads of each answer only its
// status, where its headers end and how long its body is (Content-Length, or the end of a
// chunked body), so its own cost per answer barely depends on the answer's headers. A client
// that parses every header in JavaScript (autocannon's http-parser-js) spent about 30 µs more
// CPU on each of the app's answers, with their security headers, than on the ceiling's, and on
// a small machine that, not the server, decided how many requests a second were answered.
import net from 'node:net';

const HEADER_END = Buffer.from('\r\n\r\n');
const CHUNKED_END = Buffer.from('\r\n0\r\n\r\n');

/**
 * Runs the load; `request()` gives each request (method, path, headers, body) and
 * `onResponse(status, ms)` is told of each answer. It ends after `duration` seconds, or
 * `amount` requests, or once `going()` answers false. Resolves with how many requests failed
 * (a connection error or close mid-answer) and the seconds it ran.
 */
export function keepAliveLoad({
  url,
  connections,
  duration,
  amount,
  going = () => true,
  request,
  onResponse,
}) {
  const { hostname, port } = new URL(url);
  const started = performance.now();
  const endsAt = duration ? started + duration * 1000 : Infinity;
  let sent = 0;
  let errors = 0;
  const more = () => going() && (amount ? sent < amount : performance.now() < endsAt);

  /** One connection, until the load ends or it closes; resolves with how many it answered. */
  const connection = () =>
    new Promise((resolve) => {
      let answered = 0;
      const socket = net.connect({ host: hostname, port: Number(port), noDelay: true });
      let pending = Buffer.alloc(0);
      let since = 0;
      let done = false;
      const finish = () => {
        if (done) return;
        done = true;
        socket.destroy();
        resolve(answered);
      };
      const next = () => {
        if (!more()) return finish();
        sent += 1;
        const { method = 'GET', path, headers = {}, body } = request();
        let head = `${method} ${path} HTTP/1.1\r\nhost: ${hostname}:${port}\r\n`;
        for (const [name, value] of Object.entries(headers)) head += `${name}: ${value}\r\n`;
        if (body !== undefined) head += `content-length: ${Buffer.byteLength(body)}\r\n`;
        since = performance.now();
        socket.write(body === undefined ? `${head}\r\n` : `${head}\r\n${body}`);
      };
      socket.on('connect', next);
      socket.on('data', (chunk) => {
        pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
        for (;;) {
          const headerEnd = pending.indexOf(HEADER_END);
          if (headerEnd === -1) return;
          const head = pending.toString('latin1', 0, headerEnd).toLowerCase();
          const status = Number(head.slice(9, 12));
          let end;
          const lengthAt = head.indexOf('\r\ncontent-length:');
          if (lengthAt !== -1) {
            // parseInt stops at the line's end, or the head's.
            end = headerEnd + 4 + Number.parseInt(head.slice(lengthAt + 17, lengthAt + 40), 10);
          } else if (head.includes('\r\ntransfer-encoding: chunked')) {
            const chunkedEnd = pending.indexOf(CHUNKED_END, headerEnd + 2);
            if (chunkedEnd === -1) return;
            end = chunkedEnd + CHUNKED_END.length;
          } else {
            end = headerEnd + 4;
          }
          if (pending.length < end) return;
          onResponse(status, performance.now() - since);
          answered += 1;
          pending = pending.subarray(end);
          if (head.includes('\r\nconnection: close')) {
            finish();
            return;
          }
          next();
        }
      });
      socket.on('error', () => {
        errors += 1;
        finish();
      });
      socket.on('close', finish);
    });

  // A connection the server closed is opened again while there is load left to send; one that
  // closed before any answer (the server gone) ends its share of the load.
  const keepConnected = async () => {
    while (more() && (await connection()) > 0);
  };
  return Promise.all(Array.from({ length: connections }, keepConnected)).then(() => ({
    errors,
    seconds: (performance.now() - started) / 1000,
  }));
}
