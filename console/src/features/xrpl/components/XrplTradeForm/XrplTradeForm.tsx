import { xrplTradePrepareRequest } from '@carbon-ledger/contracts';
import { NumberInput, SimpleGrid, TextInput } from '@mantine/core';
import { IconArrowsExchange } from '@tabler/icons-react';
import { useForm } from '@mantine/form';
import { useTradeXrplCredits } from '../../api/trade-xrpl-credits';
import { useSignedAction } from '../../use-signed-action';
import { numberOrMissing, type XrplActionFormProps } from '../../xrpl-action-submit';
import { showTradeExecutedToast } from '../../xrpl-toasts';
import { WalletSeedInput, XrplActionCard } from '../XrplActionCard/XrplActionCard';

interface TradeFormValues {
  sellerAddress: string;
  amountCRC: number | string;
  xrpAmount: number | string;
  /** undefined: the platform issuer. */
  issuer: string | undefined;
  creditId: string;
}

const defaultValues: TradeFormValues = { sellerAddress: '', amountCRC: '', xrpAmount: '', issuer: undefined, creditId: '' };

/** Spec: Trade AMM tab. Buys NXCC with XRP through the pool; the buyer's seed signs here, in the browser. */
export function XrplTradeForm({ xrplAddress, kycPassed, onKycRequired, platformIssuer = '' }: XrplActionFormProps) {
  const form = useForm<TradeFormValues>({ mode: 'controlled', initialValues: defaultValues });
  const { values } = form;
  const issuer = values.issuer ?? platformIssuer;
  const signed = useSignedAction({
    action: 'trade',
    xrplAddress,
    kycPassed,
    onKycRequired,
    mutation: useTradeXrplCredits(),
    parseRequest: () =>
      xrplTradePrepareRequest.safeParse({
        sellerAddress: values.sellerAddress,
        amountCRC: numberOrMissing(values.amountCRC),
        xrpAmount: numberOrMissing(values.xrpAmount),
        issuer,
        creditId: values.creditId,
        xrplAddress: xrplAddress.trim(),
      }),
    onSuccess: (traded) => showTradeExecutedToast(traded.txHash),
  });

  return (
    <XrplActionCard
      {...signed.card}
      title="Trade via XRPL AMM"
      description="Buys NXCC credits with XRP through the XRP/NXCC pool, spending at most the XRP amount."
      onSubmit={form.onSubmit(signed.submit)}
      submitLabel="Execute Trade"
      submitIcon={<IconArrowsExchange size={16} />}
    >
      <WalletSeedInput {...signed.seedInput} label="Buyer Wallet Seed" />
      <TextInput
        label="Seller Address"
        required
        placeholder="r..."
        data-testid="xrpl-trade-seller"
        value={values.sellerAddress}
        onChange={(event) => form.setFieldValue('sellerAddress', event.currentTarget.value)}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NumberInput
          label="CRC Amount"
          required
          data-testid="xrpl-trade-amount"
          min={1}
          step={1}
          allowDecimal={false}
          allowNegative={false}
          value={values.amountCRC}
          onChange={(amountCRC) => form.setFieldValue('amountCRC', amountCRC)}
        />
        <NumberInput
          label="XRP Amount"
          required
          data-testid="xrpl-trade-xrp"
          min={0}
          step={0.000001}
          decimalScale={6}
          allowNegative={false}
          value={values.xrpAmount}
          onChange={(xrpAmount) => form.setFieldValue('xrpAmount', xrpAmount)}
        />
      </SimpleGrid>
      <TextInput
        label="Issuer"
        required
        placeholder="r..."
        data-testid="xrpl-trade-issuer"
        value={issuer}
        onChange={(event) => form.setFieldValue('issuer', event.currentTarget.value)}
      />
      <TextInput
        label="Credit ID"
        data-testid="xrpl-trade-credit-id"
        value={values.creditId}
        onChange={(event) => form.setFieldValue('creditId', event.currentTarget.value)}
      />
    </XrplActionCard>
  );
}
