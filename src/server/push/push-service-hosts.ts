/**
 * Whether a subscription's endpoint is on one of the configured push services (a host or any
 * of its subdomains); `*` accepts every host.
 */
export function isAllowedPushService(endpoint: string, allowedHosts: readonly string[]): boolean {
  if (allowedHosts.includes('*')) return true;
  let host: string;
  try {
    host = new URL(endpoint).hostname.toLowerCase();
  } catch {
    return false;
  }
  return allowedHosts.some((allowed) => host === allowed || host.endsWith(`.${allowed}`));
}
