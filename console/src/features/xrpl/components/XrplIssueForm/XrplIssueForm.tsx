import { estimatedCredits, issuanceProjectTypes, type IssuanceProjectType, xrplIssuePrepareRequest } from '@carbon-ledger/contracts';
import { NumberInput, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { IconCertificate } from '@tabler/icons-react';
import { useForm } from '@mantine/form';
import { useIssueXrplCredits } from '../../api/issue-xrpl-credits';
import { hasActionAddress, numberOrMissing, submitSignedAction, type XrplActionFormProps } from '../../xrpl-action-submit';
import { showCreditsIssuedToast } from '../../xrpl-toasts';
import { WalletSeedInput, XrplActionCard } from '../XrplActionCard/XrplActionCard';

interface IssueFormValues {
  name: string;
  projectType: IssuanceProjectType;
  scope1: number | string;
  scope2: number | string;
  scope3: number | string;
  destinationAddress: string;
}

const defaultValues: IssueFormValues = {
  name: '',
  projectType: 'Solar Energy',
  scope1: 0,
  scope2: 0,
  scope3: 0,
  destinationAddress: '',
};

const scopeFields = [
  ['scope1', 'Scope 1 (tCO2e)'],
  ['scope2', 'Scope 2 (tCO2e)'],
  ['scope3', 'Scope 3 (tCO2e)'],
] as const;

/** Spec: Issue Credits tab. The issuer's seed signs the batch NFT here, in the browser. */
export function XrplIssueForm({ xrplAddress, kycPassed, onKycRequired }: XrplActionFormProps) {
  // The seed is a field like the others, but it never leaves the browser.
  const form = useForm<IssueFormValues & { walletSeed: string }>({ mode: 'controlled', initialValues: { ...defaultValues, walletSeed: '' } });
  const { values } = form;
  const { walletSeed } = values;
  const issue = useIssueXrplCredits();

  const scopes = scopeFields.map(([field]) => numberOrMissing(values[field]) ?? 0);

  const handleSubmit = () => {
    submitSignedAction({
      action: 'issue',
      xrplAddress,
      kycPassed,
      seed: walletSeed,
      parsed: xrplIssuePrepareRequest.safeParse({
        name: values.name,
        projectType: values.projectType,
        scope1: numberOrMissing(values.scope1) ?? 0,
        scope2: numberOrMissing(values.scope2) ?? 0,
        scope3: numberOrMissing(values.scope3) ?? 0,
        destinationAddress: values.destinationAddress,
        xrplAddress: xrplAddress.trim(),
      }),
      mutate: issue.mutate,
      onKycRequired,
      onSuccess: (issued) => {
        showCreditsIssuedToast(issued);
        form.setFieldValue('walletSeed', '');
      },
    });
  };

  return (
    <XrplActionCard
      action="issue"
      title="Issue Carbon Credits"
      description="Mints the batch NFT with your wallet and pays the credits as NXCC to the destination."
      onSubmit={form.onSubmit(handleSubmit)}
      submitLabel="Issue Credits"
      submitIcon={<IconCertificate size={16} />}
      pending={issue.isPending}
      canSubmit={kycPassed && hasActionAddress(xrplAddress)}
    >
      <TextInput
        label="Project Name"
        required
        data-testid="xrpl-issue-name"
        value={values.name}
        onChange={(event) => form.setFieldValue('name', event.currentTarget.value)}
      />
      <Select<IssuanceProjectType>
        label="Project Type"
        required
        data-testid="xrpl-issue-project-type"
        data={[...issuanceProjectTypes]}
        allowDeselect={false}
        value={values.projectType}
        onChange={(projectType) => projectType && form.setFieldValue('projectType', projectType)}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {scopeFields.map(([field, label]) => (
          <NumberInput
            key={field}
            label={label}
            data-testid={`xrpl-issue-${field}`}
            min={0}
            step={1}
            allowDecimal={false}
            allowNegative={false}
            thousandSeparator=","
            value={values[field]}
            onChange={(value) => form.setFieldValue(field, value)}
          />
        ))}
      </SimpleGrid>
      <Text size="sm" data-testid="xrpl-issue-estimate">
        Estimated credits: {estimatedCredits(scopes)}
      </Text>
      <TextInput
        label="Destination Address"
        required
        placeholder="r..."
        data-testid="xrpl-issue-destination"
        value={values.destinationAddress}
        onChange={(event) => form.setFieldValue('destinationAddress', event.currentTarget.value)}
      />
      <WalletSeedInput action="issue" label="Issuer Wallet Seed" value={walletSeed} onChange={(seed) => form.setFieldValue('walletSeed', seed)} />
    </XrplActionCard>
  );
}
