import type { RetirementRecord } from '@carbon-ledger/contracts';
import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Identifier, wrapAnywhere } from '../../../../shared/components/Identifier/Identifier';
import { projectTypeColor, sdgColor } from '../../credit-colors';
import { readCertificateData, readSdgImpact, readSerialNumbers, serialPreview } from './retirement-record-text';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      <Text size="xs" c="dimmed" w={96} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text size="sm" style={{ wordBreak: 'break-word' }}>
        {children}
      </Text>
    </Group>
  );
}

/** The registry link is our own certificate page; an outside registry's address opens in a new tab. */
function RegistryLink({ href }: { href: string }) {
  const label = (
    <Group gap={4} wrap="nowrap">
      Verify certificate <IconExternalLink size={14} />
    </Group>
  );
  return href.startsWith('/') ? (
    <Anchor component={Link} to={href} size="sm" data-testid="retirement-registry-link">
      {label}
    </Anchor>
  ) : (
    <Anchor href={href} target="_blank" rel="noopener noreferrer" size="sm" data-testid="retirement-registry-link">
      {label}
    </Anchor>
  );
}

/** A retirement record with project and credit details, impact, verification links and serials. */
export function RetirementRecordCard({ record }: { record: RetirementRecord }) {
  const certificate = readCertificateData(record.certificateData);
  const impact = readSdgImpact(record.sdgImpact);
  const { shown, more } = serialPreview(readSerialNumbers(record.serialNumbers), record.amount);
  const verified = record.verificationStatus === 'verified';

  return (
    <Card withBorder padding="lg" radius="md" data-testid="retirement-record">
      <Group justify="space-between" align="flex-start" mb="sm">
        <div>
          <Title order={3} size="h5">
            {record.projectName}
          </Title>
          <Group gap={6} mt={4}>
            <Badge size="sm" variant="light" color={projectTypeColor(record.projectType)}>
              {record.projectType}
            </Badge>
            <Text size="xs" c="dimmed" style={wrapAnywhere}>
              Vintage {record.vintage} · <Identifier value={record.tokenId} />
            </Text>
          </Group>
        </div>
        <Badge color={verified ? 'green' : 'yellow'} variant="light" data-testid="retirement-status">
          {verified ? 'verified' : 'Pending'}
        </Badge>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Stack gap={4}>
          <Text size="xs" fw={700} tt="uppercase" c="dimmed">
            Credit details
          </Text>
          <Detail label="Retired">{record.amount.toLocaleString('en-US')} tCO2e</Detail>
          <Detail label="Beneficiary">{record.beneficiary}</Detail>
          <Detail label="Standard">{record.standard}</Detail>
          <Detail label="Offset type">{record.offsetType}</Detail>
          {certificate.type && <Detail label="Credit type">{certificate.type}</Detail>}
          {certificate.methodology && <Detail label="Methodology">{certificate.methodology}</Detail>}
          {record.purpose && <Detail label="Purpose">{record.purpose}</Detail>}
          <Detail label="Date">{new Date(record.retiredAt).toLocaleDateString()}</Detail>
        </Stack>
        <Stack gap={4}>
          <Text size="xs" fw={700} tt="uppercase" c="dimmed">
            Impact
          </Text>
          {(certificate.impact ?? impact.impact) && (
            <Text size="sm" data-testid="retirement-impact">
              {certificate.impact ?? impact.impact}
            </Text>
          )}
          {impact.description && (
            <Text size="sm" c="dimmed">
              {impact.description}
            </Text>
          )}
          {impact.sdgs && impact.sdgs.length > 0 && (
            <Group gap={4}>
              {impact.sdgs.map((sdg) => (
                <Badge key={sdg} size="sm" color={sdgColor(sdg)} data-testid="retirement-sdg">
                  SDG {sdg}
                </Badge>
              ))}
            </Group>
          )}
        </Stack>
      </SimpleGrid>
      <Stack gap={6} mt="md">
        <Text size="xs" fw={700} tt="uppercase" c="dimmed">
          Registry verification
        </Text>
        <Group gap="md">
          <RegistryLink href={record.registryLink} />
          <Text size="xs" c="dimmed" miw={0}>
            IPFS CID <Identifier value={record.ipfsCid} testId="retirement-ipfs-cid" />
          </Text>
        </Group>
        <Group gap={4} data-testid="retirement-serials">
          {shown.map((serial) => (
            <Identifier key={serial} value={serial} />
          ))}
          {more > 0 && (
            <Text size="xs" c="dimmed" data-testid="retirement-serials-more">
              +{more} more
            </Text>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
