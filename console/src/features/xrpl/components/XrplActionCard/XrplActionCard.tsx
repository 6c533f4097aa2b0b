import { Button, Card, Group, PasswordInput, Stack, Text, Title } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';
import { preloadSigner } from '../../signing/browser-signer';
import type { XrplAction } from '../../xrpl-toasts';

interface XrplActionCardProps {
  /** Names the card's test ids: `xrpl-<action>-card`, `-form`, `-submit`. */
  action: XrplAction;
  title: string;
  description: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitLabel: string;
  submitIcon: ReactNode;
  submitColor?: string;
  pending: boolean;
  /** False until the address has passed the checks the action needs. */
  canSubmit: boolean;
  children: ReactNode;
}

/** The card each signed XRPL action (issue, trade, retire, tokenize, redeem) is shown in: title, what it does, its fields, one submit. */
export function XrplActionCard({
  action,
  title,
  description,
  onSubmit,
  submitLabel,
  submitIcon,
  submitColor,
  pending,
  canSubmit,
  children,
}: XrplActionCardProps) {
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
