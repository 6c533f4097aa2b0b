import {
  adjustmentStatuses,
  adjustmentStatusLabels,
  type AdjustmentStatus,
  authorizedUseLabels,
  authorizedUses,
  type AuthorizedUse,
  type DocumentCitation,
  recordBatchAuthorizationRequest,
  recordCorrespondingAdjustmentRequest,
} from '@carbon-ledger/contracts';
import { Button, Card, Divider, Group, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { ArticleSixStatus, CreditLabels } from '../../../../shared/components/CreditLabels/CreditLabels';
import { LoadMoreButton } from '../../../../shared/components/LoadMoreButton/LoadMoreButton';
import { usePublicBatches } from '../../api/list-public-batches';
import { useRecordBatchAuthorization, useRecordCorrespondingAdjustment } from '../../api/record-batch-claims';
import { showProjectActionFailedToast, showProjectActionToast } from '../../projects-toasts';
import { DocumentsField } from '../DocumentsField/DocumentsField';

const NOT_AUTHORIZED = 'not_authorized';
const useOptions = [
  ...authorizedUses.map((use) => ({ value: use, label: authorizedUseLabels[use] })),
  { value: NOT_AUTHORIZED, label: 'Not authorized (withdraw)' },
];
const adjustmentOptions = adjustmentStatuses.map((status) => ({ value: status, label: adjustmentStatusLabels[status] }));
const today = (): string => new Date().toISOString().slice(0, 10);

/**
 * The registry records a batch's Article 6 state (docs/credit-use.md): the host country's letter of
 * authorization (for NDC use, OIMP or both) and the corresponding adjustment. The labels follow.
 */
export function BatchClaimsForm() {
  const batches = usePublicBatches();
  const authorize = useRecordBatchAuthorization();
  const adjust = useRecordCorrespondingAdjustment();
  const [batchId, setBatchId] = useState<string | null>(null);
  const [use, setUse] = useState<string | null>('oimp');
  const [authorizedOn, setAuthorizedOn] = useState(today());
  const [letters, setLetters] = useState<DocumentCitation[]>([]);
  const [status, setStatus] = useState<AdjustmentStatus>('pending');
  const [reportingPeriod, setReportingPeriod] = useState('');
  const [error, setError] = useState<string | undefined>();
  const issued = (batches.data?.pages ?? []).flatMap((page) => page.batches).filter((batch) => !batch.buffer);
  const chosen = issued.find((batch) => batch.batchId === batchId);

  const recordAuthorization = () => {
    const parsed = recordBatchAuthorizationRequest.safeParse(
      use === NOT_AUTHORIZED ? { authorized: false } : { authorized: true, use: use as AuthorizedUse, authorizedOn, letter: letters[0] },
    );
    if (!batchId || !parsed.success) {
      setError(
        !batchId ? 'Choose a batch' : use !== NOT_AUTHORIZED && letters.length === 0 ? 'Upload the letter of authorization' : parsed.error?.issues[0]?.message,
      );
      return;
    }
    setError(undefined);
    authorize.mutate(
      { batchId, request: parsed.data },
      {
        onSuccess: (answer) => showProjectActionToast('Authorization Recorded', `${answer.batchId}: ${answer.claims.labels.join(', ') || 'no labels'}`),
        onError: (failure) => showProjectActionFailedToast('Authorization Refused', failure, 'Failed to record the authorization'),
      },
    );
  };

  const recordAdjustment = () => {
    const parsed = recordCorrespondingAdjustmentRequest.safeParse({ status, reportingPeriod: reportingPeriod.trim() === '' ? null : reportingPeriod });
    if (!batchId || !parsed.success) {
      setError(!batchId ? 'Choose a batch' : parsed.error?.issues[0]?.message);
      return;
    }
    setError(undefined);
    adjust.mutate(
      { batchId, request: parsed.data },
      {
        onSuccess: (answer) => showProjectActionToast('Adjustment Recorded', `${answer.batchId}: ${answer.claims.labels.join(', ') || 'no labels'}`),
        onError: (failure) => showProjectActionFailedToast('Adjustment Refused', failure, 'Failed to record the adjustment'),
      },
    );
  };

  return (
    <Card withBorder radius="md" padding="lg" data-testid="batch-claims-form">
      <Stack gap="sm">
        <Title order={3} size="h5">
          Authorization and corresponding adjustment
        </Title>
        <Select
          label="Batch"
          placeholder={issued.length === 0 ? 'No batch issued yet' : 'Choose a batch'}
          data={issued.map((batch) => ({ value: batch.batchId, label: `${batch.batchId} · ${batch.projectName} (${batch.vintage})` }))}
          value={batchId}
          onChange={setBatchId}
          disabled={issued.length === 0}
          data-testid="claims-batch"
        />
        {/* The batches come newest first a page at a time: an older one is chosen after loading its page. */}
        <LoadMoreButton query={batches} testId="claims-batches-more" />
        {chosen && (
          <div data-testid="claims-current">
            <ArticleSixStatus claims={chosen.claims} />
            <CreditLabels labels={chosen.claims.labels} />
          </div>
        )}
        <Divider label="Letter of authorization" labelPosition="left" />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select label="Authorized for" data={useOptions} value={use} onChange={setUse} allowDeselect={false} data-testid="claims-use" />
          <TextInput
            label="Date of authorization"
            value={authorizedOn}
            onChange={(event) => setAuthorizedOn(event.currentTarget.value)}
            data-testid="claims-authorized-on"
          />
        </SimpleGrid>
        {use !== NOT_AUTHORIZED && (
          <DocumentsField value={letters} onChange={(documents) => setLetters(documents.slice(-1))} defaultKind="letter" testId="claims-letter" />
        )}
        <Group justify="flex-end">
          <Button onClick={recordAuthorization} loading={authorize.isPending} data-testid="claims-authorize">
            Record authorization
          </Button>
        </Group>
        <Divider label="Corresponding adjustment" labelPosition="left" />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label="Status"
            data={adjustmentOptions}
            value={status}
            onChange={(value) => setStatus(adjustmentStatuses.find((known) => known === value) ?? 'pending')}
            allowDeselect={false}
            data-testid="claims-adjustment"
          />
          <TextInput
            label="Reporting period"
            placeholder="2026 or 2025-2026"
            value={reportingPeriod}
            onChange={(event) => setReportingPeriod(event.currentTarget.value)}
            data-testid="claims-reporting-period"
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="light" onClick={recordAdjustment} loading={adjust.isPending} data-testid="claims-adjust">
            Record adjustment
          </Button>
        </Group>
        {error && (
          <Text c="red" size="sm" data-testid="claims-error">
            {error}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
