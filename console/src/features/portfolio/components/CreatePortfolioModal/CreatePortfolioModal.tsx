import {
  DEFAULT_RISK_PROFILE,
  PORTFOLIO_DESCRIPTION_MAX,
  PORTFOLIO_NAME_MAX,
  PORTFOLIO_NAME_REQUIRED,
  type PortfolioView,
  type RiskProfile,
} from '@carbon-ledger/contracts';
import { Button, Group, Modal, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useCreatePortfolio } from '../../api/create-portfolio';
import { showPortfolioCreatedToast, showPortfolioCreateFailedToast } from '../../portfolio-toasts';

export const riskProfileOptions: { value: RiskProfile; label: string }[] = [
  { value: 'conservative', label: 'Conservative' },
  { value: 'moderate', label: 'Moderate' },
  { value: 'aggressive', label: 'Aggressive' },
];

interface FormValues {
  name: string;
  description: string;
  riskProfile: RiskProfile;
}

export interface CreatePortfolioModalProps {
  opened: boolean;
  onClose: () => void;
  userId: string;
  onCreated: (portfolio: PortfolioView) => void;
}

/** Spec 5: name required ('Portfolio name is required'); riskProfile moderate by default; description optional. */
export function CreatePortfolioModal({ opened, onClose, userId, onCreated }: CreatePortfolioModalProps) {
  const create = useCreatePortfolio();
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: { name: '', description: '', riskProfile: DEFAULT_RISK_PROFILE },
    validate: {
      name: (value) => (value.trim().length === 0 ? PORTFOLIO_NAME_REQUIRED : null),
    },
  });

  const close = () => {
    form.reset();
    onClose();
  };

  const submit = form.onSubmit((values) => {
    create.mutate(
      { name: values.name.trim(), description: values.description, riskProfile: values.riskProfile, userId },
      {
        onSuccess: (portfolio) => {
          showPortfolioCreatedToast(portfolio.name);
          onCreated(portfolio);
          close();
        },
        onError: showPortfolioCreateFailedToast,
      },
    );
  });

  return (
    <Modal opened={opened} onClose={close} title="Create Portfolio">
      <form onSubmit={submit} noValidate data-testid="create-portfolio-form">
        <Stack gap="sm">
          <TextInput label="Portfolio Name" withAsterisk maxLength={PORTFOLIO_NAME_MAX} data-testid="portfolio-name" {...form.getInputProps('name')} />
          <Textarea
            label="Description"
            rows={3}
            maxLength={PORTFOLIO_DESCRIPTION_MAX}
            data-testid="portfolio-description"
            {...form.getInputProps('description')}
          />
          <Select
            label="Risk Profile"
            data={riskProfileOptions}
            allowDeselect={false}
            data-testid="portfolio-risk-profile"
            {...form.getInputProps('riskProfile')}
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending} data-testid="portfolio-submit">
              Create Portfolio
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
