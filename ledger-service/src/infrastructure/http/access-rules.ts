import { SetMetadata } from '@nestjs/common';
import type { Role } from '@carbon-ledger/contracts';

export const ACCESS_RULE = 'access-rule';

/**
 * Who may call an endpoint. Every handler declares one; a handler without one is refused.
 * 'signed-in' is any live session, with or without roles (signing out, asking who one is).
 */
export type AccessRule = { readonly kind: 'public' } | { readonly kind: 'signed-in' } | { readonly kind: 'roles'; readonly roles: readonly Role[] };

export const Public = (): MethodDecorator & ClassDecorator => SetMetadata(ACCESS_RULE, { kind: 'public' } satisfies AccessRule);
export const SignedIn = (): MethodDecorator & ClassDecorator => SetMetadata(ACCESS_RULE, { kind: 'signed-in' } satisfies AccessRule);
export const Roles = (...roles: Role[]): MethodDecorator & ClassDecorator => SetMetadata(ACCESS_RULE, { kind: 'roles', roles } satisfies AccessRule);

/** A cookie from a request's Cookie header (an HTTP request or a socket.io handshake). */
export function readCookie(request: { readonly headers: { readonly cookie?: string | undefined } }, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}
