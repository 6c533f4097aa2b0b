import { withdrawFundsRequest } from '@carbon-ledger/contracts';
import { Button, Group, Loader, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { showToast } from '../../../../shared/toast/show-toast';
import { describeError } from '../../../../shared/api/http';
import { useWithdrawFunds } from '../../api/withdraw-funds';

interface WithdrawFormValues {
  amount: string;
  xrplAddress: string;
}

/** Withdraws to one of the user's KYC-verified addresses; the service holds the amount until the ledger answers. */
export function WithdrawForm() {
  const withdraw = useWithdrawFunds();
  const form = useForm<WithdrawFormValues>({
    mode: 'controlled',
    initialValues: { amount: '', xrplAddress: '' },
    validate: (values) => {
      const parsed = withdrawFundsRequest.safeParse(values);
      if (parsed.success) return {};
      return Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
    },
  });

  const submit = (values: WithdrawFormValues) =>
    withdraw.mutate(values, {
      onSuccess: (answer) => {
        if (answer.status === 'posted') {
          showToast({ title: 'Withdrawal paid', message: `$${answer.amount} sent to ${answer.destination}`, color: 'teal' });
          form.reset();
        } else {
          showToast({ title: 'Withdrawal refused by the ledger', message: `${answer.result}: the amount is available again`, color: 'orange' });
        }
      },
      onError: (error) => showToast({ title: 'Withdrawal failed', message: describeError(error), color: 'red' }),
    });

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate data-testid="withdraw-form">
      <Title order={3} size="h5" mb="xs">
        Withdraw
      </Title>
      <Group align="flex-start" grow>
        <TextInput label="Amount (USD)" placeholder="100.00" data-testid="withdraw-amount" {...form.getInputProps('amount')} />
        <TextInput label="To your verified XRPL address" placeholder="r…" data-testid="withdraw-address" {...form.getInputProps('xrplAddress')} />
      </Group>
      <Button
        type="submit"
        mt="xs"
        variant="default"
        disabled={withdraw.isPending}
        leftSection={withdraw.isPending ? <Loader size={14} /> : undefined}
        data-testid="withdraw-submit"
      >
        Withdraw
      </Button>
    </form>
  );
}
