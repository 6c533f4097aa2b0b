import type { WalletBalanceResponse } from '@carbon-ledger/contracts';
import { Card, Collapse, Group, List, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconAlertTriangle, IconChevronDown, IconInfoCircle } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { formatCount, pluralWord } from '../../../../shared/format/plural';

export interface FundingInstructionsProps {
  funding: WalletBalanceResponse['funding'];
  unfundedWallets: number;
}

/** Always available, folded away; opened (and highlighted) while any wallet is unfunded. */
export function FundingInstructions({ funding, unfundedWallets }: FundingInstructionsProps) {
  const needsFunding = unfundedWallets > 0;
  // Until the user folds or unfolds it, the section follows the wallets' state.
  const [toggled, setToggled] = useState<boolean | undefined>(undefined);
  const open = toggled ?? needsFunding;
  const bodyId = useId();

  return (
    <Card
      withBorder
      padding="md"
      radius="md"
      data-testid="funding-instructions"
      data-open={open}
      style={needsFunding ? { borderColor: 'var(--mantine-color-yellow-5)' } : undefined}
    >
      <UnstyledButton onClick={() => setToggled(!open)} aria-expanded={open} aria-controls={bodyId} w="100%" data-testid="funding-instructions-toggle">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon variant="light" color={needsFunding ? 'yellow' : 'gray'} radius="md">
              {needsFunding ? <IconAlertTriangle size={16} /> : <IconInfoCircle size={16} />}
            </ThemeIcon>
            <div>
              <Text fw={600}>Funding instructions</Text>
              <Text size="xs" c="dimmed">
                {needsFunding
                  ? `${formatCount(unfundedWallets, 'wallet')} ${pluralWord(unfundedWallets, 'needs', 'need')} funding`
                  : 'All platform wallets are funded'}
              </Text>
            </div>
          </Group>
          <IconChevronDown size={18} style={{ transform: open ? 'rotate(180deg)' : undefined, transition: 'transform 150ms ease' }} />
        </Group>
      </UnstyledButton>
      <Collapse expanded={open} id={bodyId} keepMounted={false}>
        <List type="ordered" size="sm" spacing={6} mt="md" data-testid="funding-instruction-list">
          {funding.instructions.map((instruction) => (
            <List.Item key={instruction}>{instruction}</List.Item>
          ))}
        </List>
        <Text size="xs" c="dimmed" mt="sm" data-testid="funding-note">
          {funding.note}
        </Text>
      </Collapse>
    </Card>
  );
}
