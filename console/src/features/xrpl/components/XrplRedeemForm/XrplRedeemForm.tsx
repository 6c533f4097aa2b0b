import { xrplRedeemPrepareRequest } from '@carbon-ledger/contracts';
import { NumberInput, TextInput } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import { useForm } from '@mantine/form';
import { useRedeemXrplCredits } from '../../api/redeem-xrpl-credits';
import { hasActionAddress, numberOrMissing, submitSignedAction, TOKEN_ID_EXAMPLE, type XrplActionFormProps } from '../../xrpl-action-submit';
import { showCreditsRedeemedToast } from '../../xrpl-toasts';
import { WalletSeedInput, XrplActionCard } from '../XrplActionCard/XrplActionCard';

interface RedeemFormValues {
  amount: number | string;
  tokenId: string;
}

const defaultValues: RedeemFormValues = { amount: '', tokenId: '' };

/** Vault tab: NXCC paid back to the issuer, as many registry credits out of the vault to the user; the holder's seed signs here. */
export function XrplRedeemForm({ xrplAddress, kycPassed, onKycRequired }: XrplActionFormProps) {
  // The seed is a field like the others, but it never leaves the browser.
  const form = useForm<RedeemFormValues & { walletSeed: string }>({ mode: 'controlled', initialValues: { ...defaultValues, walletSeed: '' } });
  const { values } = form;
  const { walletSeed } = values;
  const redeem = useRedeemXrplCredits();

  const handleSubmit = () => {
    const tokenId = values.tokenId.trim();
    submitSignedAction({
      action: 'redeem',
      xrplAddress,
      kycPassed,
      seed: walletSeed,
      parsed: xrplRedeemPrepareRequest.safeParse({
        amount: numberOrMissing(values.amount),
        ...(tokenId ? { tokenId } : {}),
        xrplAddress: xrplAddress.trim(),
      }),
      mutate: redeem.mutate,
      onKycRequired,
      onSuccess: (redeemed) => {
        showCreditsRedeemedToast(redeemed);
        form.setFieldValue('walletSeed', '');
      },
    });
  };

  return (
    <XrplActionCard
      action="redeem"
      title="Redeem Credits"
      description="Pays NXCC back to the issuer; as many registry credits move from the vault to your account."
      onSubmit={form.onSubmit(handleSubmit)}
      submitLabel="Redeem Credits"
      submitIcon={<IconArrowBackUp size={16} />}
      pending={redeem.isPending}
      canSubmit={kycPassed && hasActionAddress(xrplAddress)}
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
      <WalletSeedInput action="redeem" label="Wallet Seed" value={walletSeed} onChange={(seed) => form.setFieldValue('walletSeed', seed)} />
    </XrplActionCard>
  );
}
