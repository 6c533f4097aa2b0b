import {
  type CancellationReason,
  cancelCreditsRequest,
  cancellationReasonLabels,
  type HoldingView,
  registryCancellationReasons,
} from '@carbon-ledger/contracts';
import { Button, Card, Collapse, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useCancelCredits } from '../../api/cancel-credits';
import { HoldingSelect } from '../HoldingSelect/HoldingSelect';
import { showCancellationFailedToast, showCreditsCancelledToast, showValidationToast } from '../../credits-toasts';

interface CancelFormValues {
  tokenId: string | null;
  accountId: string;
  amount: number | string;
  reason: CancellationReason;
  note: string;
}

/** What the registry may give here: a reversal is recorded on its project, never cancelled by hand. */
const REGISTRY_REASONS: readonly CancellationReason[] = ['voluntary', ...registryCancellationReasons.filter((reason) => reason !== 'reversal')];

/**
 * Cancels tradable credits without a claim (POST /api/cancel): never a retirement. A holder cancels
 * their own, voluntarily; the registry names the account and gives any reason but a reversal.
 * Folded away by default: it is a rare act, not the retirement form.
 */
export function CancelCreditsForm({ asRegistry = false }: { asRegistry?: boolean }) {
  const [open, setOpen] = useState(false);
  const form = useForm<CancelFormValues>({
    mode: 'controlled',
    initialValues: { tokenId: null, accountId: '', amount: '', reason: asRegistry ? 'correction' : 'voluntary', note: '' },
  });
  const [picked, setPicked] = useState<HoldingView | undefined>(undefined);
  const chosen = !asRegistry && form.values.tokenId ? picked : undefined;
  const cancel = useCancelCredits();
  const reasons = asRegistry ? REGISTRY_REASONS : (['voluntary'] as const);

  const handleSubmit = (values: CancelFormValues) => {
    const parsed = cancelCreditsRequest.safeParse({
      tokenId: values.tokenId ?? undefined,
      amount: values.amount === '' ? undefined : Number(values.amount),
      reason: values.reason,
      note: values.note,
      ...(asRegistry && values.accountId.trim() !== '' ? { accountId: values.accountId.trim() } : {}),
    });
    if (!parsed.success) {
      showValidationToast(parsed.error.issues[0]?.message ?? 'Please fill in all required fields');
      return;
    }
    cancel.mutate(parsed.data, {
      onSuccess: (result) => {
        showCreditsCancelledToast(result.quantity);
        form.reset();
        setOpen(false);
      },
      onError: showCancellationFailedToast,
    });
  };

  return (
    <Card withBorder padding="sm" radius="md" data-testid="cancel-credits">
      <Button variant="subtle" color="gray" size="xs" onClick={() => setOpen((value) => !value)} data-testid="cancel-credits-toggle">
        {asRegistry ? 'Cancel credits of an account' : 'Cancel credits (no claim)'}
      </Button>
      <Collapse expanded={open}>
        <form onSubmit={form.onSubmit(handleSubmit)} noValidate>
          <Stack gap="xs" mt="xs">
            <Text size="xs" c="dimmed">
              Cancelled credits leave circulation without a claim: they are not retired and count towards no offset.
            </Text>
            {asRegistry ? (
              <>
                <TextInput label="Token ID" data-testid="cancel-token-id" {...form.getInputProps('tokenId')} />
                <TextInput label="Account" description="The holder's account id" data-testid="cancel-account" {...form.getInputProps('accountId')} />
              </>
            ) : (
              <HoldingSelect
                label="Token ID"
                placeholder="Choose credits you hold"
                emptyPlaceholder="You hold no tradable credits"
                data-testid="cancel-token-id"
                optionLabel={(holding) => `${holding.tokenId} (${holding.tradable} available)`}
                onHoldingChange={setPicked}
                {...form.getInputProps('tokenId')}
              />
            )}
            <NumberInput
              label="Amount"
              description={chosen ? `${chosen.tradable} available` : undefined}
              data-testid="cancel-amount"
              allowDecimal={false}
              allowNegative={false}
              min={1}
              {...form.getInputProps('amount')}
            />
            <Select
              label="Reason"
              data-testid="cancel-reason"
              data={reasons.map((reason) => ({ value: reason, label: cancellationReasonLabels[reason] }))}
              allowDeselect={false}
              {...form.getInputProps('reason')}
            />
            <TextInput label="Note" data-testid="cancel-note" {...form.getInputProps('note')} />
            <Button type="submit" variant="light" color="red" size="xs" loading={cancel.isPending} data-testid="cancel-submit">
              Cancel credits
            </Button>
          </Stack>
        </form>
      </Collapse>
    </Card>
  );
}
