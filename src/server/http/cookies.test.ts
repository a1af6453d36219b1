import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { handleCookies } from './cookies.js';

async function appWithCookies() {
  const app = Fastify({ logger: false });
  handleCookies(app);
  app.get('/read', async (request) => ({ cookies: { ...request.cookies } }));
  app.get('/set-twice', async (_request, reply) => {
    reply.setCookie('pace', 'group', { path: '/', httpOnly: true });
    reply.setCookie('pace', 'own', { path: '/', httpOnly: true });
    reply.setCookie('pace', 'elsewhere', { path: '/journal' });
    reply.setCookie('theme', 'dark');
    return {};
  });
  app.get('/clear', async (_request, reply) => {
    reply.setCookie('session', 'abc', { path: '/' });
    reply.clearCookie('session', { path: '/', httpOnly: true });
    return {};
  });
  await app.ready();
  return app;
}

describe('cookies', () => {
  it('reads the Cookie header by name, decoded, and none when there is no header', async () => {
    const app = await appWithCookies();
    const withCookies = await app.inject({
      url: '/read',
      headers: { cookie: 'tfp_session=a%20b; tfp_pace=own' },
    });
    expect(withCookies.json()).toEqual({ cookies: { tfp_session: 'a b', tfp_pace: 'own' } });
    expect((await app.inject({ url: '/read' })).json()).toEqual({ cookies: {} });
    await app.close();
  });

  it('sends one Set-Cookie per name, domain and path, the last one set winning', async () => {
    const app = await appWithCookies();
    const answer = await app.inject({ url: '/set-twice' });
    expect(answer.headers['set-cookie']).toEqual([
      'pace=own; Path=/; HttpOnly; SameSite=Lax',
      'pace=elsewhere; Path=/journal; SameSite=Lax',
      'theme=dark; SameSite=Lax',
    ]);
    await app.close();
  });

  it('clears a cookie by sending it empty, expired at once', async () => {
    const app = await appWithCookies();
    const answer = await app.inject({ url: '/clear' });
    expect(answer.headers['set-cookie']).toEqual([
      'session=; Max-Age=0; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax',
    ]);
    await app.close();
  });
});
