import { type CreditLabel, creditLabels, orderProjectTypes, type OrderSide } from '@carbon-ledger/contracts';
import { Button, Card, Checkbox, Group, Input, NumberInput, SegmentedControl, Select, Stack, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useForm } from '@mantine/form';
import { useId, type ReactNode } from 'react';
import { usePlaceOrder } from '../../api/place-order';
import { showInvalidOrderToast, showOrderCreatedToast, showOrderFailedToast } from '../../order-toasts';
import { defaultOrderFormValues, toOrderDraft, toPlaceOrderRequest, type OrderDraft, type OrderFormValues } from './order-form-values';

const orderSideOptions: { label: string; value: OrderSide }[] = [
  { label: 'Buy', value: 'buy' },
  { label: 'Sell', value: 'sell' },
];

const currentYear = (): number => new Date().getFullYear();

export interface CreateOrderFormProps {
  /** Rows the screen shows under the fields for the order drafted so far (the funds a buy reserves). */
  fundsRows?: ((order: OrderDraft) => ReactNode) | undefined;
}

export function CreateOrderForm({ fundsRows }: CreateOrderFormProps = {}) {
  const form = useForm<OrderFormValues>({ mode: 'controlled', initialValues: defaultOrderFormValues(currentYear()) });
  const { values } = form;
  const placeOrder = usePlaceOrder();
  const orderTypeLabelId = useId();

  const handleSubmit = (values: OrderFormValues) => {
    const check = toPlaceOrderRequest(values, currentYear());
    if (!check.valid) {
      showInvalidOrderToast();
      return;
    }
    placeOrder.mutate(check.request, {
      onSuccess: (order) => {
        showOrderCreatedToast(order);
        // The defaults of today: the vintage follows the year.
        form.setValues(defaultOrderFormValues(currentYear()));
      },
      onError: showOrderFailedToast,
    });
  };

  return (
    <Card withBorder padding="lg" radius="md">
      <Title order={2} size="h4" mb="md">
        Create Order
      </Title>
      <form onSubmit={form.onSubmit(handleSubmit)} noValidate data-testid="create-order-form">
        <Stack gap="sm">
          <Input.Wrapper label="Order Type" labelElement="div" labelProps={{ id: orderTypeLabelId }}>
            <SegmentedControl
              fullWidth
              aria-labelledby={orderTypeLabelId}
              data-testid="order-type"
              color={values.type === 'buy' ? 'teal' : 'orange'}
              data={orderSideOptions}
              value={values.type}
              onChange={(type) => form.setFieldValue('type', type)}
            />
          </Input.Wrapper>
          <NumberInput
            label="Amount (credits)"
            data-testid="order-amount"
            allowDecimal={false}
            allowNegative={false}
            min={0}
            {...form.getInputProps('amount')}
          />
          <NumberInput
            label="Price per credit ($)"
            data-testid="order-price"
            allowNegative={false}
            decimalScale={2}
            step={0.01}
            min={0}
            {...form.getInputProps('price')}
          />
          <Select
            label="Project Type"
            data-testid="order-project-type"
            data={[...orderProjectTypes]}
            allowDeselect={false}
            {...form.getInputProps('projectType')}
          />
          <NumberInput
            label="Vintage Year"
            description="2020 to 2030"
            data-testid="order-vintage"
            allowDecimal={false}
            allowNegative={false}
            thousandSeparator={false}
            // A hint only: the product does not enforce the range.
            min={2020}
            max={2030}
            clampBehavior="none"
            {...form.getInputProps('vintage')}
          />
          {values.type === 'buy' && (
            <Checkbox.Group
              label="Only credits labelled"
              description="The buy takes only credits of batches carrying every label checked"
              data-testid="order-labels"
              value={values.labels}
              onChange={(labels) => form.setFieldValue('labels', labels as CreditLabel[])}
            >
              <Group gap="md" mt={4}>
                {creditLabels.map((label) => (
                  <Checkbox key={label} value={label} label={label} />
                ))}
              </Group>
            </Checkbox.Group>
          )}
          {fundsRows?.(toOrderDraft(values.type, values.amount, values.price))}
          <Button type="submit" mt="xs" leftSection={<IconPlus size={16} />} loading={placeOrder.isPending} data-testid="order-submit">
            Create Order
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
