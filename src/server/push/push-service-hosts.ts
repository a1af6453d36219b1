/**
 * Whether a subscription's endpoint is on one of the configured push services (a host or any
 * of its subdomains) at the default https port. An entry may name a port (`host:8443`), which
 * then allows that host on that port only; `*` accepts every host, on the default port.
 */
export function isAllowedPushService(endpoint: string, allowedHosts: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  const host = url.hostname.toLowerCase();
  // The URL parser drops a port that is the scheme's default, so any port left is another one.
  if (url.port !== '') return allowedHosts.includes(`${host}:${url.port}`);
  if (allowedHosts.includes('*')) return true;
  return allowedHosts.some((allowed) => host === allowed || host.endsWith(`.${allowed}`));
}
