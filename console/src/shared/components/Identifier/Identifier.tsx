import { Code } from '@mantine/core';

/**
 * Lets a long unbroken value break at any character, and only where it has to: without it an
 * address or hash is as wide as its min-content and pushes the rest of its row off a phone screen.
 */
export const wrapAnywhere = { overflowWrap: 'anywhere' } as const;

export interface IdentifierProps {
  /** An XRPL address, transaction hash, NFT or token id, IPFS CID or serial number. */
  value: string;
  testId?: string;
}

/** A long identifier shown in full: monospace, wrapping instead of overflowing, the whole value in its title. */
export function Identifier({ value, testId }: IdentifierProps) {
  return (
    <Code title={value} style={wrapAnywhere} data-testid={testId}>
      {value}
    </Code>
  );
}
