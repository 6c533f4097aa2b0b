import { xrplRedeemPrepareRequest } from '@carbon-ledger/contracts';
import { NumberInput, TextInput } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import { useForm } from '@mantine/form';
import { useRedeemXrplCredits } from '../../api/redeem-xrpl-credits';
import { useSignedAction } from '../../use-signed-action';
import { numberOrMissing, TOKEN_ID_EXAMPLE, type XrplActionFormProps } from '../../xrpl-action-submit';
import { showCreditsRedeemedToast } from '../../xrpl-toasts';
import { WalletSeedInput, XrplActionCard } from '../XrplActionCard/XrplActionCard';

interface RedeemFormValues {
  amount: number | string;
  tokenId: string;
}

const defaultValues: RedeemFormValues = { amount: '', tokenId: '' };

/** Vault tab: NXCC paid back to the issuer, as many registry credits out of the vault to the user; the holder's seed signs here. */
export function XrplRedeemForm({ xrplAddress, kycPassed, onKycRequired }: XrplActionFormProps) {
  const form = useForm<RedeemFormValues>({ mode: 'controlled', initialValues: defaultValues });
  const { values } = form;
  const signed = useSignedAction({
    action: 'redeem',
    xrplAddress,
    kycPassed,
    onKycRequired,
    mutation: useRedeemXrplCredits(),
    parseRequest: () => {
      const tokenId = values.tokenId.trim();
      return xrplRedeemPrepareRequest.safeParse({
        amount: numberOrMissing(values.amount),
        ...(tokenId ? { tokenId } : {}),
        xrplAddress: xrplAddress.trim(),
      });
    },
    onSuccess: showCreditsRedeemedToast,
  });

  return (
    <XrplActionCard
      {...signed.card}
      title="Redeem Credits"
      description="Pays NXCC back to the issuer; as many registry credits move from the vault to your account."
      onSubmit={form.onSubmit(signed.submit)}
      submitLabel="Redeem Credits"
      submitIcon={<IconArrowBackUp size={16} />}
    >
      <NumberInput
        label="Amount"
        required
        description="NXCC to pay back, one registry credit each"
        data-testid="xrpl-redeem-amount"
        min={1}
        step={1}
        allowDecimal={false}
        allowNegative={false}
        value={values.amount}
        onChange={(amount) => form.setFieldValue('amount', amount)}
      />
      <TextInput
        label="Token ID (optional)"
        placeholder={TOKEN_ID_EXAMPLE}
        description="Credits of this batch, if the vault holds enough of it; otherwise the vault chooses"
        data-testid="xrpl-redeem-token"
        value={values.tokenId}
        onChange={(event) => form.setFieldValue('tokenId', event.currentTarget.value)}
      />
      <WalletSeedInput {...signed.seedInput} label="Wallet Seed" />
    </XrplActionCard>
  );
}
