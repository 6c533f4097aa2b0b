import { estimatedCredits, issuanceProjectTypes, type IssuanceProjectType, xrplIssuePrepareRequest } from '@carbon-ledger/contracts';
import { NumberInput, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useIssueXrplCredits } from '../../api/issue-xrpl-credits';
import { useSignedActionForm } from '../../use-signed-action';
import { numberOrMissing, type XrplActionFormProps } from '../../xrpl-action-submit';
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

/** The scopes as numbers, an empty field counting 0. */
function scopesOf(values: IssueFormValues) {
  return { scope1: numberOrMissing(values.scope1) ?? 0, scope2: numberOrMissing(values.scope2) ?? 0, scope3: numberOrMissing(values.scope3) ?? 0 };
}

/** The /xrpl screen's Issue Credits tab. The issuer's seed signs the batch NFT here, in the browser. */
export function XrplIssueForm(props: XrplActionFormProps) {
  const { form, ...signed } = useSignedActionForm(props, defaultValues, {
    action: 'issue',
    mutation: useIssueXrplCredits(),
    schema: xrplIssuePrepareRequest,
    fields: (values) => ({ name: values.name, projectType: values.projectType, ...scopesOf(values), destinationAddress: values.destinationAddress }),
    onSuccess: showCreditsIssuedToast,
  });

  return (
    <XrplActionCard {...signed.card}>
      <TextInput label="Project Name" required data-testid="xrpl-issue-name" {...form.getInputProps('name')} />
      <Select<IssuanceProjectType>
        label="Project Type"
        required
        data-testid="xrpl-issue-project-type"
        data={[...issuanceProjectTypes]}
        allowDeselect={false}
        {...form.getInputProps('projectType')}
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
            {...form.getInputProps(field)}
          />
        ))}
      </SimpleGrid>
      <Text size="sm" data-testid="xrpl-issue-estimate">
        Estimated credits: {estimatedCredits(Object.values(scopesOf(form.values)))}
      </Text>
      <TextInput label="Destination Address" required placeholder="r..." data-testid="xrpl-issue-destination" {...form.getInputProps('destinationAddress')} />
      <WalletSeedInput {...signed.seedInput} label="Issuer Wallet Seed" />
    </XrplActionCard>
  );
}
