import { xrplTradePrepareRequest } from '@carbon-ledger/contracts';
import { NumberInput, SimpleGrid, TextInput } from '@mantine/core';
import { useTradeXrplCredits } from '../../api/trade-xrpl-credits';
import { useSignedActionForm } from '../../use-signed-action';
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

/** The /xrpl screen's Trade AMM tab. Buys NXCC with XRP through the pool; the buyer's seed signs here, in the browser. */
export function XrplTradeForm(props: XrplActionFormProps) {
  const platformIssuer = props.platformIssuer ?? '';
  const { form, ...signed } = useSignedActionForm(props, defaultValues, {
    action: 'trade',
    mutation: useTradeXrplCredits(),
    schema: xrplTradePrepareRequest,
    fields: (values) => ({
      sellerAddress: values.sellerAddress,
      amountCRC: numberOrMissing(values.amountCRC),
      xrpAmount: numberOrMissing(values.xrpAmount),
      issuer: values.issuer ?? platformIssuer,
      creditId: values.creditId,
    }),
    onSuccess: (traded) => showTradeExecutedToast(traded.txHash),
  });
  const issuer = form.values.issuer ?? platformIssuer;

  return (
    <XrplActionCard {...signed.card}>
      <WalletSeedInput {...signed.seedInput} label="Buyer Wallet Seed" />
      <TextInput label="Seller Address" required placeholder="r..." data-testid="xrpl-trade-seller" {...form.getInputProps('sellerAddress')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NumberInput
          label="CRC Amount"
          required
          data-testid="xrpl-trade-amount"
          min={1}
          step={1}
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps('amountCRC')}
        />
        <NumberInput
          label="XRP Amount"
          required
          data-testid="xrpl-trade-xrp"
          min={0}
          step={0.000001}
          decimalScale={6}
          allowNegative={false}
          {...form.getInputProps('xrpAmount')}
        />
      </SimpleGrid>
      <TextInput label="Issuer" required placeholder="r..." data-testid="xrpl-trade-issuer" {...form.getInputProps('issuer')} value={issuer} />
      <TextInput label="Credit ID" data-testid="xrpl-trade-credit-id" {...form.getInputProps('creditId')} />
    </XrplActionCard>
  );
}
