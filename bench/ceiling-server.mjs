// The ceiling: a bare Fastify server answering each benchmarked route with the body captured
// from the real endpoint, with no database, no session and no security headers. Whatever the
// real server reaches is read as a share of this on the same machine at the same moment.
// Usage: node bench/ceiling-server.mjs <captured-bodies.json> <port>
import fs from 'node:fs';
import Fastify from 'fastify';

const [file, port] = process.argv.slice(2);
const routes = JSON.parse(fs.readFileSync(file, 'utf8'));
const app = Fastify({ logger: false });
// Two endpoints may share a route, told apart by whether they ask with a query (a circle's page
// today, and a day before): each is answered with its own captured body.
const byRoute = new Map();
for (const route of routes) {
  const key = `${route.method} ${route.path}`;
  byRoute.set(key, [...(byRoute.get(key) ?? []), route]);
}
for (const captured of byRoute.values()) {
  const answers = captured.map((route) => {
    // Sent as the server's own JSON answers are, as text; an encoded body (the page, compressed)
    // as the bytes it is.
    const bytes = Buffer.from(route.body, 'base64');
    return { route, body: route.contentEncoding ? bytes : bytes.toString() };
  });
  const { method, path } = captured[0];
  app.route({
    method,
    url: path,
    handler: (request, reply) => {
      const withQuery = request.url.includes('?');
      const { route, body } =
        answers.find((answer) => Boolean(answer.route.withQuery) === withQuery) ?? answers[0];
      if (route.contentEncoding) reply.header('content-encoding', route.contentEncoding);
      return reply.code(route.status).type(route.contentType).send(body);
    },
  });
}
await app.listen({ port: Number(port), host: '127.0.0.1' });
process.send?.('ready');
