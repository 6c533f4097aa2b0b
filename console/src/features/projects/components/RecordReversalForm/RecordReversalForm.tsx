import { type ProjectView, recordReversalRequest } from '@carbon-ledger/contracts';
import { Button, Card, Group, NumberInput, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useRecordReversal } from '../../api/record-reversal';
import { showFailureToast } from '../../../../shared/toast/outcome-toasts';
import { showProjectActionFailedToast, showProjectActionToast } from '../../projects-toasts';

interface ReversalValues {
  quantity: number | string;
  cause: string;
}

/** The registry records tCO2e a registered project lost (POST /api/projects/{id}/reversals): the buffer pool covers it, oldest first. */
export function RecordReversalForm({ project }: { project: ProjectView }) {
  const form = useForm<ReversalValues>({ mode: 'controlled', initialValues: { quantity: '', cause: '' } });
  const record = useRecordReversal();
  const handleSubmit = (values: ReversalValues) => {
    const parsed = recordReversalRequest.safeParse({ quantity: values.quantity === '' ? undefined : Number(values.quantity), cause: values.cause });
    if (!parsed.success) {
      showFailureToast('Reversal Not Recorded', parsed.error.issues[0]?.message ?? 'Please fill in all required fields');
      return;
    }
    record.mutate(
      { projectId: project.projectId, reversal: parsed.data },
      {
        onSuccess: () => {
          showProjectActionToast('Reversal Recorded', `${parsed.data.quantity} tCO2e of ${project.projectId}: the buffer pool covers it, oldest credits first`);
          form.reset();
        },
        onError: (error) => showProjectActionFailedToast('Reversal Not Recorded', error, 'Failed to record the reversal'),
      },
    );
  };
  return (
    <Card withBorder padding="sm" radius="md" data-testid="record-reversal-form">
      <Title order={4} size="h6">
        Record a reversal
      </Title>
      <Text size="xs" c="dimmed" mb="xs">
        tCO2e the project lost (fire, pest, storm, land-use change). As many credits of the buffer pool are cancelled; what it cannot cover is stated on the
        project.
      </Text>
      <form onSubmit={form.onSubmit(handleSubmit)} noValidate>
        <Group align="flex-end" gap="xs">
          <NumberInput
            label="tCO2e lost"
            allowDecimal={false}
            allowNegative={false}
            min={1}
            data-testid="reversal-quantity"
            {...form.getInputProps('quantity')}
          />
          <TextInput label="Cause" style={{ flex: 1 }} data-testid="reversal-cause" {...form.getInputProps('cause')} />
          <Button type="submit" variant="light" color="red" loading={record.isPending} data-testid="reversal-submit">
            Record reversal
          </Button>
        </Group>
      </form>
    </Card>
  );
}
