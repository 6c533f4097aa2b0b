import { DEFAULT_TRADE_PRICE, marketplaceCreditTypes, marketplaceVintageOptions, type OrderSide, platformFeeCents } from '@carbon-ledger/contracts';
import { Button, Card, Divider, Group, Loader, NumberInput, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { ReactNode } from 'react';
import { formatUsdCents } from '../../../../shared/format/format-usd';
import type { MarketSelection } from '../../api/get-marketplace';
import { usePlaceOrder } from '../../api/place-order';
import { showInvalidOrderToast, showMarketplaceOrderCreatedToast, showOrderFailedToast } from '../../order-toasts';
import { toOrderDraft, type NumericInputValue, type OrderDraft } from '../CreateOrderForm/order-form-values';
import { toMarketplaceOrder, totalCostCents } from './marketplace-order-values';

export interface MarketplaceOrderFormProps {
  market: MarketSelection;
  onMarketChange: (market: MarketSelection) => void;
  /** The signed-in user's registry account: orders are placed for the caller. */
  accountId: string;
  /** Rows the screen shows under the costs for the order drafted so far (the funds a buy reserves). */
  fundsRows?: ((order: OrderDraft) => ReactNode) | undefined;
}

const creditTypeOptions = marketplaceCreditTypes.map(({ value, label }) => ({ value, label }));
const vintageOptions = marketplaceVintageOptions(new Date()).map((vintage) => String(vintage));

/** The Marketplace's 'Place Order' form. It places an order on the order book of the chosen market. */
interface MarketplaceOrderFormValues {
  side: OrderSide;
  quantity: NumericInputValue;
  price: NumericInputValue;
  tokenId: string;
}

export function MarketplaceOrderForm({ market, onMarketChange, accountId, fundsRows }: MarketplaceOrderFormProps) {
  const form = useForm<MarketplaceOrderFormValues>({
    mode: 'controlled',
    initialValues: { side: 'buy', quantity: 1, price: DEFAULT_TRADE_PRICE, tokenId: '' },
  });
  const { side, quantity, price } = form.values;
  const placeOrder = usePlaceOrder();
  const totalCents = totalCostCents(quantity, price);
  const sideLabel = side === 'buy' ? 'Buy' : 'Sell';

  const handleSubmit = ({ side, quantity, price }: MarketplaceOrderFormValues) => {
    const check = toMarketplaceOrder(side, market, quantity, price);
    if (!check.valid) {
      showInvalidOrderToast();
      return;
    }
    placeOrder.mutate(check.request, { onSuccess: showMarketplaceOrderCreatedToast, onError: showOrderFailedToast });
  };

  return (
    <Card withBorder padding="lg" radius="md" data-testid="marketplace-order-form">
      <Title order={2} size="h4" mb="md">
        Place Order
      </Title>
      <form onSubmit={form.onSubmit(handleSubmit)} noValidate>
        <Stack gap="sm">
          <SimpleGrid cols={2} spacing="xs">
            {(['buy', 'sell'] as const).map((mode) => (
              <Button
                key={mode}
                variant={side === mode ? 'filled' : 'default'}
                color={mode === 'buy' ? 'teal' : 'orange'}
                aria-pressed={side === mode}
                onClick={() => form.setFieldValue('side', mode)}
                data-testid={`marketplace-${mode}`}
              >
                {mode === 'buy' ? 'Buy' : 'Sell'}
              </Button>
            ))}
          </SimpleGrid>
          <Select
            label="Credit Type"
            data-testid="marketplace-credit-type"
            data={creditTypeOptions}
            allowDeselect={false}
            value={market.creditType}
            onChange={(creditType) => creditType && onMarketChange({ ...market, creditType })}
          />
          <Select
            label="Vintage Year"
            data-testid="marketplace-vintage"
            data={vintageOptions}
            allowDeselect={false}
            value={String(market.vintage)}
            onChange={(vintage) => vintage && onMarketChange({ ...market, vintage: Number(vintage) })}
          />
          <NumberInput
            label="Quantity"
            data-testid="marketplace-quantity"
            allowDecimal={false}
            allowNegative={false}
            min={1}
            {...form.getInputProps('quantity')}
          />
          <NumberInput
            label="Price per Credit ($)"
            data-testid="marketplace-price"
            allowNegative={false}
            decimalScale={2}
            step={0.01}
            min={0}
            {...form.getInputProps('price')}
          />
          <TextInput
            label="Token ID"
            description="Optional: the batch you have in mind, for your reference. Orders trade any credits of this type and vintage."
            placeholder="SOLAR-2025-7F3A9C21"
            data-testid="marketplace-token-id"
            {...form.getInputProps('tokenId')}
          />
          <TextInput
            label={side === 'buy' ? 'Buyer Account ID' : 'Seller Account ID'}
            description="Orders are placed for your own account"
            data-testid="marketplace-account-id"
            value={accountId}
            readOnly
          />
          <Divider />
          <Group justify="space-between">
            <Text size="sm">Total Cost</Text>
            <Text fw={700} data-testid="marketplace-total-cost">
              {formatUsdCents(BigInt(totalCents))}
            </Text>
          </Group>
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              Platform Fee (0.5%)
            </Text>
            <Text size="sm" data-testid="marketplace-platform-fee">
              {formatUsdCents(BigInt(platformFeeCents(totalCents)))}
            </Text>
          </Group>
          {fundsRows?.(toOrderDraft(side, quantity, price))}
          <Button
            type="submit"
            mt="xs"
            color={side === 'buy' ? 'teal' : 'orange'}
            disabled={placeOrder.isPending}
            leftSection={placeOrder.isPending ? <Loader size={14} color="white" /> : undefined}
            data-testid="marketplace-submit"
          >
            {placeOrder.isPending ? 'Executing Trade...' : `Execute ${sideLabel} Order`}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
