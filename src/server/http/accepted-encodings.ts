/**
 * Whether a request's Accept-Encoding takes `encoding` (RFC 9110 §12.5.3): named, or covered by
 * `*`, with a weight above zero. No header at all takes nothing but the identity.
 */
export function acceptsEncoding(header: string | string[] | undefined, encoding: string): boolean {
  if (typeof header !== 'string') return readAcceptEncoding(header, encoding);
  let answers = answered.get(encoding);
  if (!answers) answered.set(encoding, (answers = new Map()));
  let accepted = answers.get(header);
  if (accepted === undefined) {
    if (answers.size >= ANSWERS_KEPT) answers.clear();
    accepted = readAcceptEncoding(header, encoding);
    answers.set(header, accepted);
  }
  return accepted;
}

/**
 * Browsers send the same few headers on every request, so each answer is kept; the bound keeps
 * headers made up by a client from filling memory.
 */
const ANSWERS_KEPT = 256;
const answered = new Map<string, Map<string, boolean>>();

function readAcceptEncoding(header: string | string[] | undefined, encoding: string): boolean {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  let named: boolean | undefined;
  let wildcard: boolean | undefined;
  for (const part of text.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const weight = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    const accepted = weight === undefined || Number(weight.slice(2)) > 0;
    if (name.trim() === encoding) named = accepted;
    else if (name.trim() === '*') wildcard = accepted;
  }
  return named ?? wildcard ?? false;
}
