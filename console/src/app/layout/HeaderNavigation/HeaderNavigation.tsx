import { ActionIcon, Box, Group, Menu, Text, ThemeIcon } from '@mantine/core';
import { IconBell, IconLeaf, IconMenu2, IconUser } from '@tabler/icons-react';
import { useLocation, useNavigate } from 'react-router';
import { navigationEntries } from '../navigation-entries';

function Logo() {
  return (
    <Group gap={8} wrap="nowrap" data-testid="app-logo">
      <ThemeIcon radius="xl" size="lg" variant="filled">
        <IconLeaf size={20} />
      </ThemeIcon>
      <Text fw={800} size="lg" c="carbon.9" style={{ whiteSpace: 'nowrap' }}>
        NXCC Carbon Ledger
      </Text>
    </Group>
  );
}

function NavigationMenu() {
  const { pathname } = useLocation();
  const navigate = useNavigate();

  return (
    <Menu position="bottom-end" width={240} shadow="md">
      <Menu.Target>
        <ActionIcon variant="default" radius="xl" size={42} aria-label="Open navigation menu">
          <IconMenu2 size={20} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown data-testid="navigation-menu">
        {navigationEntries.map((entry) => {
          const current = entry.path === pathname;
          return (
            <Menu.Item
              key={entry.path}
              onClick={() => void navigate(entry.path)}
              aria-current={current ? 'page' : undefined}
              data-active={current || undefined}
              c={current ? 'carbon.8' : undefined}
              bg={current ? 'carbon.0' : undefined}
              fw={current ? 600 : undefined}
            >
              {entry.label}
            </Menu.Item>
          );
        })}
        <Menu.Divider />
        <Menu.Item leftSection={<IconBell size={16} />}>Notifications</Menu.Item>
        <Menu.Item leftSection={<IconUser size={16} />}>Profile</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** Shared bar of every screen but the landing page: logo centred, menu button on the right. */
export function HeaderNavigation() {
  return (
    <Box
      component="header"
      px="md"
      py="sm"
      bg="white"
      style={{
        display: 'grid',
        gridTemplateColumns: '1fr auto 1fr',
        alignItems: 'center',
        borderBottom: '1px solid var(--mantine-color-gray-3)',
      }}
    >
      <span />
      <Logo />
      <Group justify="flex-end">
        <NavigationMenu />
      </Group>
    </Box>
  );
}
