/**
 * Sign-in and the socket handshake carry no CSRF token, so they refuse a browser's cross-site
 * Origin instead. A request without Origin (not sent by a browser from another site) passes.
 */
export function isSameOrigin(origin: string | undefined, host: string | undefined): boolean {
  if (origin === undefined) return true;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}
