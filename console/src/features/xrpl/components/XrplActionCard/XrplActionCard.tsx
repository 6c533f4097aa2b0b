import { Button, Card, Group, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { IconArrowBackUp, IconArrowsExchange, IconCertificate, IconCoins, IconLeaf } from '@tabler/icons-react';
import type { FormEventHandler, ReactNode } from 'react';
import { preloadSigner } from '../../signing/browser-signer';
import type { XrplAction } from '../../xrpl-toasts';

interface ActionCardCopy {
  title: string;
  description: string;
  submitLabel: string;
  submitIcon: ReactNode;
  submitColor?: string;
}

/** What each action's card says and its submit button shows, beside the action's toasts in `xrpl-toasts.tsx`. */
const actionCards: Record<XrplAction, ActionCardCopy> = {
  issue: {
    title: 'Issue Carbon Credits',
    description:
      'Mints the batch NFT with your wallet and files the credits for verification; once the registry approves them, they are paid as NXCC to the destination.',
    submitLabel: 'Issue Credits',
    submitIcon: <IconCertificate size={16} />,
  },
  trade: {
    title: 'Trade via XRPL AMM',
    description: 'Buys NXCC credits with XRP through the XRP/NXCC pool, spending at most the XRP amount.',
    submitLabel: 'Execute Trade',
    submitIcon: <IconArrowsExchange size={16} />,
  },
  retire: {
    title: 'Retire Credits',
    description: 'Returns NXCC to the issuer with a retirement memo and burns the batch NFT when you give one.',
    submitLabel: 'Retire Credits',
    submitIcon: <IconLeaf size={16} />,
    submitColor: 'teal',
  },
  tokenize: {
    title: 'Tokenize Credits',
    description: 'Moves registry credits you hold into the platform vault; the platform pays as many NXCC to your XRPL address.',
    submitLabel: 'Tokenize Credits',
    submitIcon: <IconCoins size={16} />,
  },
  redeem: {
    title: 'Redeem Credits',
    description: 'Pays NXCC back to the issuer; as many registry credits move from the vault to your account.',
    submitLabel: 'Redeem Credits',
    submitIcon: <IconArrowBackUp size={16} />,
  },
};

interface XrplActionCardProps {
  /** Chooses the card's copy and names its test ids: `xrpl-<action>-card`, `-form`, `-submit`. */
  action: XrplAction;
  onSubmit: FormEventHandler<HTMLFormElement>;
  pending: boolean;
  /** False until the address has passed the checks the action needs. */
  canSubmit: boolean;
  children: ReactNode;
}

/** The card each signed XRPL action (issue, trade, retire, tokenize, redeem) is shown in: title, what it does, its fields, one submit. */
export function XrplActionCard({ action, onSubmit, pending, canSubmit, children }: XrplActionCardProps) {
  const { title, description, submitLabel, submitIcon, submitColor } = actionCards[action];
  return (
    <Card withBorder padding="lg" radius="md" data-testid={`xrpl-${action}-card`}>
      <Title order={3} size="h4" mb={4}>
        {title}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {description}
      </Text>
      <form onSubmit={onSubmit} noValidate data-testid={`xrpl-${action}-form`}>
        <Stack gap="sm">
          {children}
          <Group justify="flex-end">
            <Button
              type="submit"
              color={submitColor}
              leftSection={submitIcon}
              loading={pending}
              disabled={pending || !canSubmit}
              data-testid={`xrpl-${action}-submit`}
            >
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

interface WalletSeedInputProps {
  action: XrplAction;
  label: string;
  value: string;
  onChange: (seed: string) => void;
  /** What the seed signs, when that needs saying; it never leaves the browser either way. */
  description?: string;
}

/** The seed that signs an XRPL action in the browser; the signer loads as soon as the field is focused. */
export function WalletSeedInput({
  action,
  label,
  value,
  onChange,
  description = 'Signs in your browser; it is never sent to the server.',
}: WalletSeedInputProps) {
  return (
    <PasswordInput
      label={label}
      description={description}
      required
      autoComplete="off"
      data-testid={`xrpl-${action}-seed`}
      value={value}
      onFocus={preloadSigner}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}
