import { xrplRetirePrepareRequest } from '@carbon-ledger/contracts';
import { NumberInput, Textarea, TextInput } from '@mantine/core';
import { IconLeaf } from '@tabler/icons-react';
import { useForm } from '@mantine/form';
import { useRetireXrplCredits } from '../../api/retire-xrpl-credits';
import { hasActionAddress, numberOrMissing, submitSignedAction, type XrplActionFormProps } from '../../xrpl-action-submit';
import { showCreditsRetiredToast } from '../../xrpl-toasts';
import { WalletSeedInput, XrplActionCard } from '../XrplActionCard/XrplActionCard';

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
    <XrplActionCard
      action="retire"
      title="Retire Credits"
      description="Returns NXCC to the issuer with a retirement memo and burns the batch NFT when you give one."
      onSubmit={form.onSubmit(handleSubmit)}
      submitLabel="Retire Credits"
      submitIcon={<IconLeaf size={16} />}
      submitColor="teal"
      pending={retire.isPending}
      canSubmit={kycPassed && hasActionAddress(xrplAddress)}
    >
      <WalletSeedInput action="retire" label="Owner Wallet Seed" value={ownerSeed} onChange={(seed) => form.setFieldValue('ownerSeed', seed)} />
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
    </XrplActionCard>
  );
}
