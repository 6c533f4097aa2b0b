import { adjustmentStatusLabels, type BatchClaimsView, type CreditLabel } from '@carbon-ledger/contracts';
import { Badge, Group, Text, Tooltip } from '@mantine/core';

const labelColours: Readonly<Record<CreditLabel, string>> = { 'CCP-approved': 'indigo', 'CORSIA eligible': 'cyan' };

/** A batch's labels (docs/credit-use.md), as every list of batches or holdings shows them. */
export function CreditLabels({ labels }: { readonly labels: readonly CreditLabel[] }) {
  if (labels.length === 0) return null;
  return (
    <Group gap={4} wrap="wrap" data-testid="credit-labels">
      {labels.map((label) => (
        <Badge key={label} size="xs" variant="light" color={labelColours[label]} data-testid="credit-label">
          {label}
        </Badge>
      ))}
    </Group>
  );
}

/** A batch's Article 6 state in one line: authorized or not, for what, and its corresponding adjustment. */
export function ArticleSixStatus({ claims }: { readonly claims: BatchClaimsView }) {
  const authorized = claims.authorized && claims.authorizedUse;
  const use = claims.authorizedUse === 'ndc' ? 'NDC' : claims.authorizedUse === 'oimp' ? 'OIMP' : 'NDC and OIMP';
  return (
    <Tooltip label={claims.letter ? `Letter of authorization: ${claims.letter.name}` : 'No letter of authorization recorded'} withArrow>
      <Text size="xs" c="dimmed" data-testid="article-six-status">
        {authorized ? `Authorized for ${use}${claims.authorizedOn ? ` on ${claims.authorizedOn}` : ''}` : 'Not authorized'} · Adjustment{' '}
        {adjustmentStatusLabels[claims.adjustment].toLowerCase()}
        {claims.reportingPeriod ? ` (${claims.reportingPeriod})` : ''}
      </Text>
    </Tooltip>
  );
}
