import { xrplRetirePrepareRequest } from '@carbon-ledger/contracts';
import { Button, Card, Group, NumberInput, PasswordInput, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconLeaf } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useRetireXrplCredits } from '../../api/retire-xrpl-credits';
import { preloadSigner } from '../../signing/browser-signer';
import { hasActionAddress, numberOrMissing, submitSignedAction, type XrplActionFormProps } from '../../xrpl-action-submit';
import { showCreditsRetiredToast } from '../../xrpl-toasts';

interface RetireFormValues {
  nftId: string;
  tokenAmount: number | string;
  /** undefined: the platform issuer. */
  issuer: string | undefined;
  purpose: string;
}

const defaultValues: RetireFormValues = { nftId: '', tokenAmount: '', issuer: undefined, purpose: '' };

/** Spec: Retire tab. Returns tokens to the issuer (and burns the batch NFT); the owner's seed signs here. */
export function XrplRetireForm({ xrplAddress, kycPassed, onKycRequired, platformIssuer = '' }: XrplActionFormProps) {
  const [values, setValues] = useState<RetireFormValues>(defaultValues);
  const [ownerSeed, setOwnerSeed] = useState('');
  const retire = useRetireXrplCredits();
  const issuer = values.issuer ?? platformIssuer;

  const setField = <Field extends keyof RetireFormValues>(field: Field, value: RetireFormValues[Field]) =>
    setValues((previous) => ({ ...previous, [field]: value }));

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const nftId = values.nftId.trim();
    submitSignedAction({
      action: 'retire',
      xrplAddress,
      kycPassed,
      seed: ownerSeed,
      parsed: xrplRetirePrepareRequest.safeParse({
        ...(nftId ? { nftId } : {}),
        tokenAmount: numberOrMissing(values.tokenAmount),
        issuer,
        purpose: values.purpose,
        xrplAddress: xrplAddress.trim(),
      }),
      mutate: retire.mutate,
      onKycRequired,
      onSuccess: (retired) => {
        showCreditsRetiredToast(retired.burned);
        setOwnerSeed('');
      },
    });
  };

  return (
    <Card withBorder padding="lg" radius="md" data-testid="xrpl-retire-card">
      <Title order={3} size="h4" mb={4}>
        Retire Credits
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Returns NXCC to the issuer with a retirement memo and burns the batch NFT when you give one.
      </Text>
      <form onSubmit={handleSubmit} noValidate data-testid="xrpl-retire-form">
        <Stack gap="sm">
          <PasswordInput
            label="Owner Wallet Seed"
            description="Signs in your browser; it is never sent to the server."
            required
            autoComplete="off"
            data-testid="xrpl-retire-seed"
            value={ownerSeed}
            onFocus={preloadSigner}
            onChange={(event) => setOwnerSeed(event.currentTarget.value)}
          />
          <TextInput
            label="NFT ID (optional)"
            data-testid="xrpl-retire-nft"
            value={values.nftId}
            onChange={(event) => setField('nftId', event.currentTarget.value)}
          />
          <NumberInput
            label="Token Amount"
            required
            data-testid="xrpl-retire-amount"
            min={1}
            step={1}
            allowDecimal={false}
            allowNegative={false}
            value={values.tokenAmount}
            onChange={(tokenAmount) => setField('tokenAmount', tokenAmount)}
          />
          <TextInput
            label="Issuer"
            required
            placeholder="r..."
            data-testid="xrpl-retire-issuer"
            value={issuer}
            onChange={(event) => setField('issuer', event.currentTarget.value)}
          />
          <Textarea
            label="Purpose (optional)"
            rows={2}
            data-testid="xrpl-retire-purpose"
            value={values.purpose}
            onChange={(event) => setField('purpose', event.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button
              type="submit"
              color="teal"
              leftSection={<IconLeaf size={16} />}
              loading={retire.isPending}
              disabled={retire.isPending || !kycPassed || !hasActionAddress(xrplAddress)}
              data-testid="xrpl-retire-submit"
            >
              Retire Credits
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
