import { xrplRedeemPrepareRequest } from '@carbon-ledger/contracts';
import { NumberInput, TextInput } from '@mantine/core';
import { useRedeemXrplCredits } from '../../api/redeem-xrpl-credits';
import { useSignedActionForm } from '../../use-signed-action';
import { numberOrMissing, TOKEN_ID_EXAMPLE, type XrplActionFormProps } from '../../xrpl-action-submit';
import { showCreditsRedeemedToast } from '../../xrpl-toasts';
import { WalletSeedInput, XrplActionCard } from '../XrplActionCard/XrplActionCard';

interface RedeemFormValues {
  amount: number | string;
  tokenId: string;
}

const defaultValues: RedeemFormValues = { amount: '', tokenId: '' };

/** Vault tab: NXCC paid back to the issuer, as many registry credits out of the vault to the user; the holder's seed signs here. */
export function XrplRedeemForm(props: XrplActionFormProps) {
  const { form, ...signed } = useSignedActionForm(props, defaultValues, {
    action: 'redeem',
    mutation: useRedeemXrplCredits(),
    schema: xrplRedeemPrepareRequest,
    fields: (values) => {
      const tokenId = values.tokenId.trim();
      return { amount: numberOrMissing(values.amount), ...(tokenId ? { tokenId } : {}) };
    },
    onSuccess: showCreditsRedeemedToast,
  });

  return (
    <XrplActionCard {...signed.card}>
      <NumberInput
        label="Amount"
        required
        description="NXCC to pay back, one registry credit each"
        data-testid="xrpl-redeem-amount"
        min={1}
        step={1}
        allowDecimal={false}
        allowNegative={false}
        {...form.getInputProps('amount')}
      />
      <TextInput
        label="Token ID (optional)"
        placeholder={TOKEN_ID_EXAMPLE}
        description="Credits of this batch, if the vault holds enough of it; otherwise the vault chooses"
        data-testid="xrpl-redeem-token"
        {...form.getInputProps('tokenId')}
      />
      <WalletSeedInput {...signed.seedInput} label="Wallet Seed" />
    </XrplActionCard>
  );
}
