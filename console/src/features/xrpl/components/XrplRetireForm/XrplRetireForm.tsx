import { DEFAULT_RETIREMENT_USE, type RetirementUse, xrplRetirePrepareRequest } from '@carbon-ledger/contracts';
import { NumberInput, Select, Textarea, TextInput } from '@mantine/core';
import { retirementUseOptions } from '../../../../shared/retirement-use-options';
import { useRetireXrplCredits } from '../../api/retire-xrpl-credits';
import { useSignedActionForm } from '../../use-signed-action';
import { numberOrMissing, type XrplActionFormProps } from '../../xrpl-action-submit';
import { showCreditsRetiredToast } from '../../xrpl-toasts';
import { WalletSeedInput, XrplActionCard } from '../XrplActionCard/XrplActionCard';

interface RetireFormValues {
  nftId: string;
  tokenAmount: number | string;
  /** undefined: the platform issuer. */
  issuer: string | undefined;
  purpose: string;
  use: RetirementUse;
}

const defaultValues: RetireFormValues = { nftId: '', tokenAmount: '', issuer: undefined, purpose: '', use: DEFAULT_RETIREMENT_USE };

/** The /xrpl screen's Retire tab. Returns tokens to the issuer (and burns the batch NFT); the owner's seed signs here. */
export function XrplRetireForm(props: XrplActionFormProps) {
  const platformIssuer = props.platformIssuer ?? '';
  const { form, ...signed } = useSignedActionForm(props, defaultValues, {
    action: 'retire',
    mutation: useRetireXrplCredits(),
    schema: xrplRetirePrepareRequest,
    fields: (values) => {
      const nftId = values.nftId.trim();
      return {
        ...(nftId ? { nftId } : {}),
        tokenAmount: numberOrMissing(values.tokenAmount),
        issuer: values.issuer ?? platformIssuer,
        purpose: values.purpose,
        use: values.use,
      };
    },
    onSuccess: (retired) => showCreditsRetiredToast(retired.burned),
  });
  const issuer = form.values.issuer ?? platformIssuer;

  return (
    <XrplActionCard {...signed.card}>
      <WalletSeedInput {...signed.seedInput} label="Owner Wallet Seed" />
      <TextInput label="NFT ID (optional)" data-testid="xrpl-retire-nft" {...form.getInputProps('nftId')} />
      <NumberInput
        label="Token Amount"
        required
        data-testid="xrpl-retire-amount"
        min={1}
        step={1}
        allowDecimal={false}
        allowNegative={false}
        {...form.getInputProps('tokenAmount')}
      />
      <TextInput label="Issuer" required placeholder="r..." data-testid="xrpl-retire-issuer" {...form.getInputProps('issuer')} value={issuer} />
      <Textarea label="Purpose (optional)" rows={2} data-testid="xrpl-retire-purpose" {...form.getInputProps('purpose')} />
      <Select
        label="Use"
        description="Retired from vault credits that qualify for it"
        data-testid="xrpl-retire-use"
        data={retirementUseOptions}
        allowDeselect={false}
        {...form.getInputProps('use')}
      />
    </XrplActionCard>
  );
}
