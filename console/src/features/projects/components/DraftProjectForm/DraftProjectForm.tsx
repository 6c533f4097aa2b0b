import {
  creditProjectTypes,
  defaultMethodologies,
  draftProjectRequest,
  isoCountryCodes,
  projectStandards,
  type CreditProjectType,
  type DocumentCitation,
} from '@carbon-ledger/contracts';
import { NumberInput, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDraftProject } from '../../api/draft-project';
import { parseRequest, serverFieldErrors } from '../../field-errors';
import { showProjectActionFailedToast, showProjectActionToast } from '../../projects-toasts';
import { DocumentsField, formDocuments } from '../DocumentsField/DocumentsField';
import { SubmitRow } from '../SubmitRow/SubmitRow';

interface DraftValues {
  projectId: string;
  name: string;
  projectType: CreditProjectType;
  hostCountry: string;
  standard: string;
  methodology: string;
  location: string;
  creditingPeriod: { start: string; end: string };
  expectedAnnualQuantity: number | string;
  description: string;
  documents: DocumentCitation[];
}

const emptyDraft: DraftValues = {
  projectId: '',
  name: '',
  projectType: 'Solar Energy',
  hostCountry: '',
  standard: 'Gold Standard',
  methodology: '',
  location: '',
  creditingPeriod: { start: '', end: '' },
  expectedAnnualQuantity: 0,
  description: '',
  documents: [],
};

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
const countryOptions = isoCountryCodes.map((code) => ({ value: code, label: `${regionNames.of(code) ?? code} (${code})` }));

/** What the contract reads: a blank methodology means the project type's usual one. */
function toRequest(values: DraftValues): unknown {
  return {
    ...values,
    methodology: values.methodology.trim() === '' ? undefined : values.methodology,
    hostCountry: values.hostCountry === '' ? undefined : values.hostCountry,
    expectedAnnualQuantity: typeof values.expectedAnnualQuantity === 'number' ? values.expectedAnnualQuantity : undefined,
  };
}

/** The proponent drafts a project; a verifier is assigned afterwards, from the accredited list. */
export function DraftProjectForm({ onDrafted }: { onDrafted: (projectId: string) => void }) {
  const draft = useDraftProject();
  const form = useForm<DraftValues>({ mode: 'controlled', initialValues: emptyDraft });

  const submit = (values: DraftValues) => {
    const parsed = parseRequest(draftProjectRequest, toRequest(values));
    if (!parsed.ok) {
      form.setErrors(parsed.errors);
      return;
    }
    form.clearErrors();
    draft.mutate(parsed.request, {
      onSuccess: (drafted) => {
        showProjectActionToast('Project Drafted', `${drafted.projectId} is a draft; assign a verifier to ask for its validation`);
        form.reset();
        onDrafted(drafted.projectId);
      },
      onError: (error) => {
        form.setErrors(serverFieldErrors(error));
        showProjectActionFailedToast('Project Not Drafted', error, 'Failed to draft the project');
      },
    });
  };

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate data-testid="draft-project-form">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Project ID" withAsterisk data-testid="draft-project-id" {...form.getInputProps('projectId')} />
          <TextInput label="Project name" withAsterisk data-testid="draft-project-name" {...form.getInputProps('name')} />
          <Select
            label="Project type"
            data={[...creditProjectTypes]}
            allowDeselect={false}
            data-testid="draft-project-type"
            {...form.getInputProps('projectType')}
          />
          <Select label="Standard" data={[...projectStandards]} allowDeselect={false} data-testid="draft-standard" {...form.getInputProps('standard')} />
          <Select label="Host country" withAsterisk searchable data={countryOptions} data-testid="draft-host-country" {...form.getInputProps('hostCountry')} />
          <TextInput label="Location" data-testid="draft-location" {...form.getInputProps('location')} />
        </SimpleGrid>
        <TextInput
          label="Methodology"
          placeholder={defaultMethodologies[form.values.projectType]}
          description="Left blank: the project type's usual methodology"
          data-testid="draft-methodology"
          {...form.getInputProps('methodology')}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            type="date"
            label="Crediting period start"
            withAsterisk
            data-testid="draft-period-start"
            {...form.getInputProps('creditingPeriod.start')}
          />
          <TextInput type="date" label="Crediting period end" withAsterisk data-testid="draft-period-end" {...form.getInputProps('creditingPeriod.end')} />
          <NumberInput
            label="Expected tCO2e per year"
            min={0}
            allowDecimal={false}
            thousandSeparator=","
            data-testid="draft-expected"
            {...form.getInputProps('expectedAnnualQuantity')}
          />
        </SimpleGrid>
        <Textarea label="Description" minRows={2} data-testid="draft-description" {...form.getInputProps('description')} />
        <DocumentsField {...formDocuments(form)} defaultKind="project_design_document" testId="draft-documents" />
        <SubmitRow label="Draft project" pending={draft.isPending} testId="draft-submit" />
      </Stack>
    </form>
  );
}
