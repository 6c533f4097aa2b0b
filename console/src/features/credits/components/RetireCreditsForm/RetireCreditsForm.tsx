import {
  DEFAULT_RETIREMENT_USE,
  type RetirementUse,
  DEFAULT_OFFSET_TYPE,
  DEFAULT_RETIREMENT_STANDARD,
  offsetTypes,
  retireCreditsRequest,
  retirementStandards,
  type HoldingView,
  type OffsetType,
  type RetireCreditsResponse,
  type RetirementStandard,
} from '@carbon-ledger/contracts';
import { Alert, Anchor, Button, NumberInput, Select, Stack, TextInput } from '@mantine/core';
import { IconCircleCheck, IconLeaf } from '@tabler/icons-react';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link } from 'react-router';
import { useRetireCredits } from '../../api/retire-credits';
import { showCreditsRetiredToast, showRetirementFailedToast, showValidationToast } from '../../credits-toasts';
import { formatCount } from '../../../../shared/format/plural';
import { HoldingSelect } from '../HoldingSelect/HoldingSelect';
import { TitledCard } from '../../../../shared/components/TitledCard/TitledCard';
import { retirementUseOptions } from '../../../../shared/retirement-use-options';

interface RetireFormValues {
  tokenId: string | null;
  amount: number | string;
  beneficiary: string;
  purpose: string;
  standard: RetirementStandard;
  offsetType: OffsetType;
  use: RetirementUse;
}

const defaultValues: RetireFormValues = {
  tokenId: null,
  amount: '',
  beneficiary: '',
  purpose: '',
  standard: DEFAULT_RETIREMENT_STANDARD,
  offsetType: DEFAULT_OFFSET_TYPE,
  use: DEFAULT_RETIREMENT_USE,
};

/** What a retirement may count for; a use the batch does not qualify for is refused by the registry (docs/credit-use.md). */

/** Retires credits the caller holds (POST /api/retire) and links the certificate it produced. */
export function RetireCreditsForm() {
  const form = useForm<RetireFormValues>({ mode: 'controlled', initialValues: defaultValues });
  const { values } = form;
  const [retired, setRetired] = useState<RetireCreditsResponse | null>(null);
  const [picked, setPicked] = useState<HoldingView | undefined>(undefined);
  const chosen = values.tokenId ? picked : undefined;
  const retire = useRetireCredits();

  const handleSubmit = (values: RetireFormValues) => {
    const parsed = retireCreditsRequest.safeParse({
      tokenId: values.tokenId ?? undefined,
      amount: values.amount === '' ? undefined : Number(values.amount),
      beneficiary: values.beneficiary,
      purpose: values.purpose,
      standard: values.standard,
      offsetType: values.offsetType,
      use: values.use,
    });
    if (!parsed.success) {
      showValidationToast(parsed.error.issues[0]?.message ?? 'Please fill in all required fields');
      return;
    }
    retire.mutate(parsed.data, {
      onSuccess: (result) => {
        setRetired(result);
        showCreditsRetiredToast(result.quantity);
        form.reset();
      },
      onError: showRetirementFailedToast,
    });
  };

  return (
    <TitledCard title="Retire Credits" data-testid="retire-credits-form">
      <form onSubmit={form.onSubmit(handleSubmit)} noValidate>
        <Stack gap="sm">
          <HoldingSelect
            label="Token ID"
            placeholder="Choose credits you hold"
            emptyPlaceholder="You hold no credits to retire"
            data-testid="retire-token-id"
            optionLabel={(holding) =>
              `${holding.tokenId} · ${holding.projectName} (${holding.tradable} available)${holding.labels.length > 0 ? ` · ${holding.labels.join(', ')}` : ''}`
            }
            onHoldingChange={setPicked}
            {...form.getInputProps('tokenId')}
          />
          <NumberInput
            label="Amount"
            description={chosen ? `${chosen.tradable} available` : undefined}
            data-testid="retire-amount"
            allowDecimal={false}
            allowNegative={false}
            min={1}
            max={chosen?.tradable}
            {...form.getInputProps('amount')}
          />
          <TextInput label="Beneficiary" withAsterisk data-testid="retire-beneficiary" {...form.getInputProps('beneficiary')} />
          <TextInput label="Purpose" data-testid="retire-purpose" {...form.getInputProps('purpose')} />
          <Select label="Standard" data-testid="retire-standard" data={[...retirementStandards]} allowDeselect={false} {...form.getInputProps('standard')} />
          <Select label="Offset Type" data-testid="retire-offset-type" data={[...offsetTypes]} allowDeselect={false} {...form.getInputProps('offsetType')} />
          <Select
            label="Use"
            description="Voluntary unless the batch is authorized for the use"
            data-testid="retire-use"
            data={retirementUseOptions}
            allowDeselect={false}
            {...form.getInputProps('use')}
          />
          <Button type="submit" color="teal" leftSection={<IconLeaf size={16} />} loading={retire.isPending} data-testid="retire-submit">
            Retire Credits
          </Button>
        </Stack>
      </form>
      {retired && (
        <Alert mt="md" color="teal" variant="light" icon={<IconCircleCheck size={18} />} title="Credits retired" data-testid="retire-result">
          {formatCount(retired.quantity, 'credit')} retired ({retired.serialRanges.join(', ')}).{' '}
          <Anchor component={Link} to={retired.certificateUrl} size="sm" data-testid="retire-certificate-link">
            View retirement certificate
          </Anchor>
        </Alert>
      )}
    </TitledCard>
  );
}
