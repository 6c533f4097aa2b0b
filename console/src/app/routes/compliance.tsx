import { AML_ALERT_SOCKET_EVENT, amlAlertMessage, type AmlAlertView, type Role } from '@carbon-ledger/contracts';
import { Badge, Card, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { AmlAlertFeed } from '../../features/aml/components/AmlAlertFeed/AmlAlertFeed';
import { mergeAmlAlerts } from '../../features/aml/merge-aml-alerts';
import { useSession } from '../../features/auth/api/get-session';
import { useComplianceDashboard } from '../../features/compliance/api/get-compliance-dashboard';
import { ComplianceStats } from '../../features/compliance/components/ComplianceStats/ComplianceStats';
import { EvidenceExportPanel } from '../../features/compliance/components/EvidenceExportPanel/EvidenceExportPanel';
import { GenerateReports } from '../../features/compliance/components/GenerateReports/GenerateReports';
import { JurisdictionBreakdown } from '../../features/compliance/components/JurisdictionBreakdown/JurisdictionBreakdown';
import { RecentActivityList } from '../../features/compliance/components/RecentActivityList/RecentActivityList';
import { ReportingFrameworks } from '../../features/compliance/components/ReportingFrameworks/ReportingFrameworks';
import { ProvenanceLookup } from '../../features/credits/components/ProvenanceLookup/ProvenanceLookup';
import { HeldDepositsList } from '../../features/funds/components/HeldDepositsList/HeldDepositsList';
import { KycStatusCard } from '../../features/kyc/components/KycStatusCard/KycStatusCard';
import { KycVerification } from '../../features/kyc/components/KycVerification/KycVerification';
import { useRealtimeConnection, useRealtimeMessage } from '../../features/realtime/components/RealtimeProvider/RealtimeProvider';
import { useXrplNetwork } from '../../features/xrpl/api/get-network';
import { describeError } from '../../shared/api/http';

/** The roles the monitoring and reporting endpoints accept. */
const complianceRoles: readonly Role[] = ['compliance', 'auditor', 'admin'];
/** Who may credit a held deposit to a user; auditors only look. */
const depositAssignerRoles: readonly Role[] = ['compliance', 'admin'];

function KycTab() {
  const [address, setAddress] = useState('');
  return (
    <Group align="flex-start" grow preventGrowOverflow={false} wrap="wrap">
      <div style={{ flex: '1 1 360px' }}>
        <KycVerification onAddressChange={setAddress} />
      </div>
      <div style={{ flex: '1 1 300px' }}>
        <KycStatusCard address={address} />
      </div>
    </Group>
  );
}

/** Spec section 6: the monitoring view asks for permission to show browser notifications. */
function useNotificationPermissionRequest(): void {
  useEffect(() => {
    if (typeof Notification === 'undefined' || Notification.permission !== 'default') return;
    void Notification.requestPermission().catch(() => undefined);
  }, []);
}

function MonitoringTab({ canAssignDeposits }: { canAssignDeposits: boolean }) {
  const connection = useRealtimeConnection();
  const dashboard = useComplianceDashboard();
  const [liveAlerts, setLiveAlerts] = useState<AmlAlertView[]>([]);
  useNotificationPermissionRequest();
  useRealtimeMessage(
    AML_ALERT_SOCKET_EVENT,
    useCallback((payload: unknown) => {
      const parsed = amlAlertMessage.safeParse(payload);
      if (parsed.success) setLiveAlerts((current) => mergeAmlAlerts([[parsed.data], current]));
    }, []),
  );
  const live = connection === 'connected';

  return (
    <Stack gap="md">
      <Group gap="xs" data-testid="monitoring-status">
        <Badge color={live ? 'green' : 'red'} variant="dot" size="lg">
          {live ? 'Live monitoring active' : 'Disconnected'}
        </Badge>
      </Group>
      {dashboard.isPending ? (
        <Loader size="sm" />
      ) : dashboard.isError ? (
        <Text c="red" data-testid="compliance-dashboard-error">
          {describeError(dashboard.error)}
        </Text>
      ) : (
        <ComplianceStats dashboard={dashboard.data} />
      )}
      <Card withBorder padding="lg" radius="md">
        <Tabs defaultValue="alerts" keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="alerts">Real-time Alerts</Tabs.Tab>
            <Tabs.Tab value="activity">Recent Activity</Tabs.Tab>
            <Tabs.Tab value="jurisdictions">Jurisdictions</Tabs.Tab>
            <Tabs.Tab value="held-deposits">Held Deposits</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="alerts">
            <AmlAlertFeed liveAlerts={liveAlerts} />
          </Tabs.Panel>
          <Tabs.Panel value="activity">
            <RecentActivityList activity={dashboard.data?.recentActivity ?? []} />
          </Tabs.Panel>
          <Tabs.Panel value="jurisdictions">
            <JurisdictionBreakdown breakdown={dashboard.data?.jurisdictionBreakdown ?? {}} />
          </Tabs.Panel>
          <Tabs.Panel value="held-deposits">
            <HeldDepositsList canAssign={canAssignDeposits} />
          </Tabs.Panel>
        </Tabs>
      </Card>
    </Stack>
  );
}

function ReportingTab() {
  // Compliance staff may read the network; until it is known, provenance shows XRPL hashes without links.
  const network = useXrplNetwork();
  return (
    <Stack gap="md">
      <ReportingFrameworks />
      <EvidenceExportPanel />
      <GenerateReports />
      <ProvenanceLookup network={network.data?.network} />
    </Stack>
  );
}

export function ComplianceRoute() {
  const session = useSession();
  const roles = session.data?.roles ?? [];
  const isComplianceStaff = roles.some((role) => complianceRoles.includes(role));
  const canAssignDeposits = roles.some((role) => depositAssignerRoles.includes(role));

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Compliance</Title>
        <Text c="dimmed">KYC verification, AML monitoring and regulatory evidence</Text>
      </div>
      <Tabs defaultValue="kyc" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="kyc">KYC Verification</Tabs.Tab>
          {isComplianceStaff && <Tabs.Tab value="monitoring">Real-time Monitoring</Tabs.Tab>}
          {isComplianceStaff && <Tabs.Tab value="reporting">Compliance Reporting</Tabs.Tab>}
        </Tabs.List>
        <Tabs.Panel value="kyc">
          <KycTab />
        </Tabs.Panel>
        {isComplianceStaff && (
          <Tabs.Panel value="monitoring">
            <MonitoringTab canAssignDeposits={canAssignDeposits} />
          </Tabs.Panel>
        )}
        {isComplianceStaff && (
          <Tabs.Panel value="reporting">
            <ReportingTab />
          </Tabs.Panel>
        )}
      </Tabs>
    </Stack>
  );
}
