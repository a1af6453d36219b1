/** The raw value of cookie `name` in a Cookie header or document.cookie ('a=1; b=2'). */
export function cookieValue(cookies: string, name: string): string | undefined {
  const prefix = `${name}=`;
  for (const part of cookies.split(';')) {
    const trimmed = part.trim();
    if (trimmed.startsWith(prefix)) return trimmed.slice(prefix.length);
  }
  return undefined;
}

/** Writes a cookie the page itself reads and sets, for the whole site (`value` already encoded). */
export function setPageCookie(name: string, value: string, maxAgeSeconds: number): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${value}; Max-Age=${maxAgeSeconds}; Path=/; SameSite=Lax${secure}`;
}
