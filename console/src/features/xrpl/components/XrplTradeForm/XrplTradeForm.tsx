import { xrplTradePrepareRequest } from '@carbon-ledger/contracts';
import { Button, Card, Group, NumberInput, PasswordInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconArrowsExchange } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTradeXrplCredits } from '../../api/trade-xrpl-credits';
import { preloadSigner } from '../../signing/browser-signer';
import { hasActionAddress, numberOrMissing, submitSignedAction, type XrplActionFormProps } from '../../xrpl-action-submit';
import { showTradeExecutedToast } from '../../xrpl-toasts';

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
  const [values, setValues] = useState<TradeFormValues>(defaultValues);
  const [buyerSeed, setBuyerSeed] = useState('');
  const trade = useTradeXrplCredits();
  const issuer = values.issuer ?? platformIssuer;

  const setField = <Field extends keyof TradeFormValues>(field: Field, value: TradeFormValues[Field]) =>
    setValues((previous) => ({ ...previous, [field]: value }));

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submitSignedAction({
      action: 'trade',
      xrplAddress,
      kycPassed,
      seed: buyerSeed,
      parsed: xrplTradePrepareRequest.safeParse({
        sellerAddress: values.sellerAddress,
        amountCRC: numberOrMissing(values.amountCRC),
        xrpAmount: numberOrMissing(values.xrpAmount),
        issuer,
        creditId: values.creditId,
        xrplAddress: xrplAddress.trim(),
      }),
      mutate: trade.mutate,
      onKycRequired,
      onSuccess: (traded) => {
        showTradeExecutedToast(traded.txHash);
        setBuyerSeed('');
      },
    });
  };

  return (
    <Card withBorder padding="lg" radius="md" data-testid="xrpl-trade-card">
      <Title order={3} size="h4" mb={4}>
        Trade via XRPL AMM
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Buys NXCC credits with XRP through the XRP/NXCC pool, spending at most the XRP amount.
      </Text>
      <form onSubmit={handleSubmit} noValidate data-testid="xrpl-trade-form">
        <Stack gap="sm">
          <PasswordInput
            label="Buyer Wallet Seed"
            description="Signs in your browser; it is never sent to the server."
            required
            autoComplete="off"
            data-testid="xrpl-trade-seed"
            value={buyerSeed}
            onFocus={preloadSigner}
            onChange={(event) => setBuyerSeed(event.currentTarget.value)}
          />
          <TextInput
            label="Seller Address"
            required
            placeholder="r..."
            data-testid="xrpl-trade-seller"
            value={values.sellerAddress}
            onChange={(event) => setField('sellerAddress', event.currentTarget.value)}
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
              onChange={(amountCRC) => setField('amountCRC', amountCRC)}
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
              onChange={(xrpAmount) => setField('xrpAmount', xrpAmount)}
            />
          </SimpleGrid>
          <TextInput
            label="Issuer"
            required
            placeholder="r..."
            data-testid="xrpl-trade-issuer"
            value={issuer}
            onChange={(event) => setField('issuer', event.currentTarget.value)}
          />
          <TextInput
            label="Credit ID"
            data-testid="xrpl-trade-credit-id"
            value={values.creditId}
            onChange={(event) => setField('creditId', event.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button
              type="submit"
              leftSection={<IconArrowsExchange size={16} />}
              loading={trade.isPending}
              disabled={trade.isPending || !kycPassed || !hasActionAddress(xrplAddress)}
              data-testid="xrpl-trade-submit"
            >
              Execute Trade
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
