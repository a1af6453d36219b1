import type { ApiCall } from './api-contract.js';

/** The HTTP methods the API's calls use. */
export type ApiMethod = ApiCall extends `${infer Method} ${string}` ? Method : never;

/**
 * The call's method, and its address: its path with the params filled in, then its query. Kept
 * apart from the contract, whose schemas the browser's bundle need not carry.
 */
export function apiAddress(
  call: ApiCall,
  options: { params?: Record<string, string | number>; query?: Record<string, unknown> } = {},
): { method: ApiMethod; url: string } {
  const [method, path = ''] = call.split(' ') as [ApiMethod, string];
  const filled = path.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(String(options.params?.[name])),
  );
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(options.query ?? {})) {
    for (const one of [value].flat()) if (one !== undefined) query.append(key, String(one));
  }
  const search = query.toString();
  return { method, url: search ? `${filled}?${search}` : filled };
}
