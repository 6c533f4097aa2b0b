import { xrplRetirePrepareRequest } from '@carbon-ledger/contracts';
import { Button, Card, Group, NumberInput, PasswordInput, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconLeaf } from '@tabler/icons-react';
import { useForm } from '@mantine/form';
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
  // The seed is a field like the others, but it never leaves the browser.
  const form = useForm<RetireFormValues & { ownerSeed: string }>({ mode: 'controlled', initialValues: { ...defaultValues, ownerSeed: '' } });
  const { values } = form;
  const { ownerSeed } = values;
  const retire = useRetireXrplCredits();
  const issuer = values.issuer ?? platformIssuer;

  const handleSubmit = () => {
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
        form.setFieldValue('ownerSeed', '');
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
      <form onSubmit={form.onSubmit(handleSubmit)} noValidate data-testid="xrpl-retire-form">
        <Stack gap="sm">
          <PasswordInput
            label="Owner Wallet Seed"
            description="Signs in your browser; it is never sent to the server."
            required
            autoComplete="off"
            data-testid="xrpl-retire-seed"
            value={ownerSeed}
            onFocus={preloadSigner}
            onChange={(event) => form.setFieldValue('ownerSeed', event.currentTarget.value)}
          />
          <TextInput
            label="NFT ID (optional)"
            data-testid="xrpl-retire-nft"
            value={values.nftId}
            onChange={(event) => form.setFieldValue('nftId', event.currentTarget.value)}
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
            onChange={(tokenAmount) => form.setFieldValue('tokenAmount', tokenAmount)}
          />
          <TextInput
            label="Issuer"
            required
            placeholder="r..."
            data-testid="xrpl-retire-issuer"
            value={issuer}
            onChange={(event) => form.setFieldValue('issuer', event.currentTarget.value)}
          />
          <Textarea
            label="Purpose (optional)"
            rows={2}
            data-testid="xrpl-retire-purpose"
            value={values.purpose}
            onChange={(event) => form.setFieldValue('purpose', event.currentTarget.value)}
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
