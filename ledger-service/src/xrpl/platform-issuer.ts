import type { XrplGateway } from '../infrastructure/xrpl/xrpl-gateway.js';
import { DomainError } from '../shared/domain-error.js';

/** NXCC of any other issuer is not a registry credit, and no pool trades it. */
export function requirePlatformIssuer(gateway: XrplGateway, issuer: string): void {
  const platform = gateway.wallets.issuer.address;
  if (issuer !== platform) {
    throw new DomainError('ValidationFailed', `Issuer must be the platform's credit issuer ${platform}`, [{ path: 'issuer', message: `expected ${platform}` }]);
  }
}
