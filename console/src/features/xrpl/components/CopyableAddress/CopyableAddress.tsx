import { ActionIcon, Anchor, CopyButton, Group, Text, Tooltip, type MantineSize } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

export interface CopyableAddressProps {
  address: string;
  /** Explorer page of the account; none for the sandbox. */
  href?: string;
  size?: MantineSize;
}

export function CopyableAddress({ address, href, size = 'xs' }: CopyableAddressProps) {
  const text = (
    <Text ff="monospace" size={size} truncate="end" title={address} data-testid="wallet-address" span={!!href}>
      {address}
    </Text>
  );
  return (
    <Group gap={4} wrap="nowrap" miw={0}>
      {href ? (
        <Anchor href={href} target="_blank" rel="noopener noreferrer" miw={0} style={{ overflow: 'hidden' }}>
          {text}
        </Anchor>
      ) : (
        text
      )}
      <CopyButton value={address} timeout={1500}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? 'Copied' : 'Copy address'} withArrow>
            <ActionIcon variant="subtle" color={copied ? 'teal' : 'gray'} size="sm" onClick={copy} aria-label="Copy address">
              {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}
