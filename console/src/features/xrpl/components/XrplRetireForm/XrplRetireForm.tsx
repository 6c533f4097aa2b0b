import { xrplRetirePrepareRequest } from '@carbon-ledger/contracts';
import { NumberInput, Textarea, TextInput } from '@mantine/core';
import { IconLeaf } from '@tabler/icons-react';
import { useForm } from '@mantine/form';
import { useRetireXrplCredits } from '../../api/retire-xrpl-credits';
import { useSignedAction } from '../../use-signed-action';
import { numberOrMissing, type XrplActionFormProps } from '../../xrpl-action-submit';
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
  const form = useForm<RetireFormValues>({ mode: 'controlled', initialValues: defaultValues });
  const { values } = form;
  const issuer = values.issuer ?? platformIssuer;
  const signed = useSignedAction({
    action: 'retire',
    xrplAddress,
    kycPassed,
    onKycRequired,
    mutation: useRetireXrplCredits(),
    parseRequest: () => {
      const nftId = values.nftId.trim();
      return xrplRetirePrepareRequest.safeParse({
        ...(nftId ? { nftId } : {}),
        tokenAmount: numberOrMissing(values.tokenAmount),
        issuer,
        purpose: values.purpose,
        xrplAddress: xrplAddress.trim(),
      });
    },
    onSuccess: (retired) => showCreditsRetiredToast(retired.burned),
  });

  return (
    <XrplActionCard
      {...signed.card}
      title="Retire Credits"
      description="Returns NXCC to the issuer with a retirement memo and burns the batch NFT when you give one."
      onSubmit={form.onSubmit(signed.submit)}
      submitLabel="Retire Credits"
      submitIcon={<IconLeaf size={16} />}
      submitColor="teal"
    >
      <WalletSeedInput {...signed.seedInput} label="Owner Wallet Seed" />
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
