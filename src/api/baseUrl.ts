// Where requests may go. The key travels with every request, so the base URL is the one
// thing that decides who sees it: https only, except for loopback (the sandbox, a tunnel).
import { ServiceError } from './errors';

export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/** Parses and checks a base URL; the path prefix (e.g. `/tenant-a`) is kept. */
export function parseBaseUrl(input: string): URL {
  const text = input.trim();
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ServiceError(
      'insecure-url',
      `The base URL "${text}" is not a valid URL. Use the service's address, e.g. https://fixes.example.com.`,
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ServiceError('insecure-url', `The base URL must use https (got ${url.protocol}).`);
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    throw new ServiceError(
      'insecure-url',
      `Refusing plain http to ${url.host}: the service key would travel unencrypted. Use https, or http only for a loopback address (127.0.0.1, localhost, ::1).`,
    );
  }
  if (url.username || url.password) {
    throw new ServiceError('insecure-url', 'The base URL must not contain a user name or password; the service key is set separately.');
  }
  if (url.search || url.hash) {
    throw new ServiceError('insecure-url', 'The base URL must not contain a query string or fragment.');
  }
  if (!url.pathname.endsWith('/')) url.pathname += '/';
  return url;
}

/** Builds an endpoint URL under the base URL's path prefix. `path` has no leading slash. */
export function endpointUrl(base: URL, path: string, query: Record<string, string | undefined> = {}): URL {
  const url = new URL(path, base);
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) url.searchParams.set(name, value);
  }
  return url;
}

/** Origin plus path, for log lines and error messages (no query string). */
export function describeUrl(url: URL): string {
  return `${url.origin}${url.pathname}`;
}
