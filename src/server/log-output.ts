import pino from 'pino';

/** Lines are handed on in blocks of about this many characters. */
const BLOCK_CHARS = 4096;

type Writer = ReturnType<typeof pino.destination>;

/**
 * Gathers log lines into blocks before they reach the writer (SonicBoom). Its `write` measures
 * the UTF-8 length of the text it is appending to, on every call, which reads that text again:
 * at one line per answered request, most of the log's cost was that re-reading (a line of 220
 * bytes cost about 6 µs of CPU, 0.7 µs of it making the line). Here a line is only kept in an
 * array; the writer is given one joined block at a time, in order.
 */
class LineBlocks {
  #lines: string[] = [];
  #chars = 0;

  constructor(readonly writer: Writer) {}

  write(line: string): boolean {
    this.#lines.push(line);
    this.#chars += line.length;
    if (this.#chars >= BLOCK_CHARS) this.handOn();
    return true;
  }

  /** Gives the writer every line held here. */
  handOn(): void {
    if (this.#lines.length === 0) return;
    const block = this.#lines.join('');
    this.#lines = [];
    this.#chars = 0;
    this.writer.write(block);
  }
}

/**
 * Where the server's log lines go in production: standard output (or `dest`), written in the
 * background in blocks of at least 4 KB rather than one synchronous write per line, and at least
 * once a second (`flushEveryMs`) so a quiet server's lines (an error at night) are never held
 * back. `flush()` writes out what is held, in order; what is left when the process exits is
 * written then.
 */
export function bufferedLogDestination(dest: number | string = 1, flushEveryMs = 1_000) {
  // The blocks are gathered above: the writer writes each as it comes, unless one is in flight.
  // (With a minLength of 0 its flush would not wait for the write.)
  const writer = pino.destination({ dest, sync: false, minLength: 1 });
  const lines = new LineBlocks(writer);
  const flush = () =>
    new Promise<void>((resolve) => {
      try {
        lines.handOn();
        // An error here (standard output closed) leaves nothing that could still be written.
        writer.flush(() => resolve());
      } catch {
        resolve();
      }
    });
  setInterval(() => void flush(), flushEveryMs).unref();
  // pino writes out what its writer holds as the process exits; the lines held here go first.
  process.on('exit', () => {
    try {
      lines.handOn();
      writer.flushSync();
    } catch {
      // Nothing more can be written as the process ends.
    }
  });
  return { stream: lines as { write(line: string): boolean }, flush };
}
