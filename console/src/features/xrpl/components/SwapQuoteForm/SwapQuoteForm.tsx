import { swapAssets, type SwapAsset, type SwapPathQuery, type SwapPathResponse } from '@carbon-ledger/contracts';
import { ActionIcon, Alert, Button, Card, Divider, Group, NumberInput, Paper, Select, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconAlertCircle, IconArrowsLeftRight, IconCalculator } from '@tabler/icons-react';
import { useForm } from '@mantine/form';
import type { ReactNode } from 'react';
import { useSwapQuote } from '../../api/get-swap-quote';
import { defaultSwapQuoteFormValues, toSwapQuoteRequest, type SwapQuoteFormValues } from '../../swap-quote-request';
import { groupDecimal } from '../../xrpl-format';
import { showInvalidAmountToast, showInvalidSwapToast, showQuoteFailedToast } from '../../xrpl-toasts';

const assetOptions = [...swapAssets];

function QuoteLine({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="md" align="flex-start">
      <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {label}
      </Text>
      <Text size="sm" fw={600} ta="right" data-testid={testId}>
        {children}
      </Text>
    </Group>
  );
}

function QuotePanel({ quote, request }: { quote: SwapPathResponse; request: SwapPathQuery }) {
  const { recommendation } = quote;
  return (
    <Paper withBorder radius="md" p="md" bg="var(--mantine-color-carbon-light)" data-testid="swap-quote-panel">
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        Estimated output
      </Text>
      <Text fz={26} fw={700} ff="monospace" lh={1.3} data-testid="swap-quote-output">
        {groupDecimal(recommendation.estimatedOutput)} {request.to}
      </Text>
      <Text size="xs" c="dimmed" mb="sm">
        for {groupDecimal(String(request.amount))} {request.from}
      </Text>
      <Stack gap={6}>
        <QuoteLine label="Max input (1% slippage)" testId="swap-quote-max-input">
          {groupDecimal(recommendation.maxInput)} {request.from}
        </QuoteLine>
        <QuoteLine label="Price impact" testId="swap-quote-price-impact">
          {recommendation.priceImpactPercent.toFixed(2)}%
        </QuoteLine>
        <QuoteLine label="SDG impact" testId="swap-quote-sdg-impact">
          {recommendation.sdgImpact}
        </QuoteLine>
      </Stack>
      <Divider my="sm" />
      <Text size="sm" data-testid="swap-quote-message">
        {recommendation.message}
      </Text>
    </Paper>
  );
}

export function SwapQuoteForm() {
  const form = useForm<SwapQuoteFormValues>({ mode: 'controlled', initialValues: defaultSwapQuoteFormValues });
  const { values } = form;
  const quote = useSwapQuote();

  const handleSubmit = (values: SwapQuoteFormValues) => {
    const check = toSwapQuoteRequest(values);
    if (!check.valid) {
      // A quote for other inputs would read as the answer to these; back to no quote.
      quote.reset();
      if (check.problem === 'invalid-amount') showInvalidAmountToast();
      else showInvalidSwapToast();
      return;
    }
    quote.mutate(check.request, {
      onSuccess: (answer) => {
        if (!answer.success) showQuoteFailedToast(undefined);
      },
      onError: showQuoteFailedToast,
    });
  };

  // Spec states: none, generated, or error (a failed request or an answer without success).
  const generated = quote.isSuccess && quote.data.success ? quote.data : undefined;
  const failed = quote.isError || (quote.isSuccess && !quote.data.success);

  return (
    <Card withBorder padding="lg" radius="md" data-testid="swap-quote-card">
      <Title order={3} size="h5" mb={4}>
        Swap Quote
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        What the XRP/NXCC pool would deliver right now, with its trading fee.
      </Text>
      <form onSubmit={form.onSubmit(handleSubmit)} noValidate data-testid="swap-quote-form">
        <Stack gap="sm">
          <NumberInput
            label="Amount"
            placeholder="0.000000"
            data-testid="swap-amount"
            step={0.000001}
            min={0}
            decimalScale={6}
            allowNegative={false}
            thousandSeparator=","
            value={values.amount}
            onChange={(amount) => form.setFieldValue('amount', amount)}
          />
          <Group gap="xs" wrap="nowrap" align="flex-end">
            <Select<SwapAsset>
              label="From"
              data-testid="swap-from"
              data={assetOptions}
              allowDeselect={false}
              {...form.getInputProps('from')}
              style={{ flex: 1 }}
            />
            <Tooltip label="Reverse direction" withArrow>
              <ActionIcon
                variant="default"
                size={36}
                aria-label="Reverse direction"
                data-testid="swap-reverse"
                onClick={() => form.setValues((previous) => ({ from: previous.to, to: previous.from }))}
              >
                <IconArrowsLeftRight size={16} />
              </ActionIcon>
            </Tooltip>
            <Select<SwapAsset> label="To" data-testid="swap-to" data={assetOptions} allowDeselect={false} {...form.getInputProps('to')} style={{ flex: 1 }} />
          </Group>
          <Button type="submit" leftSection={<IconCalculator size={16} />} loading={quote.isPending} data-testid="swap-quote-submit">
            Get Quote
          </Button>
        </Stack>
      </form>
      <Stack mt="md">
        {generated && quote.variables && <QuotePanel quote={generated} request={quote.variables} />}
        {failed && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} data-testid="swap-quote-error">
            Unable to generate quote. Please check pool liquidity and try again.
          </Alert>
        )}
        {quote.isIdle && (
          <Text size="xs" c="dimmed" data-testid="swap-quote-none">
            Enter an amount and pick two different assets to get a quote.
          </Text>
        )}
      </Stack>
    </Card>
  );
}
