import { ActionIcon, Box, Group, Menu, Text, ThemeIcon } from '@mantine/core';
import { IconBell, IconLeaf, IconMenu2, IconUser } from '@tabler/icons-react';
import { useLocation, useNavigate } from 'react-router';
import { useSession } from '../../../features/auth/api/get-session';
import { navigationEntries } from '../navigation-entries';

/** Added to the product's fixed menu: sign-in is real (server-side sessions, not a mock), so 'Profile' leads to the account page. */
const PROFILE_PATH = '/profile';

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

/** The signed-in user's name, subtle and only where the bar has room for it. */
function SignedInUser() {
  const { data: user } = useSession();
  if (!user) return null;
  return (
    <Text fz="sm" c="dimmed" visibleFrom="sm" truncate="end" maw={220} data-testid="header-user-name">
      {user.name}
    </Text>
  );
}

/** How the menu marks the entry of the current page. */
function highlightWhen(current: boolean) {
  return current ? { 'aria-current': 'page' as const, 'data-active': true, c: 'carbon.8', bg: 'carbon.0', fw: 600 } : {};
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
            <Menu.Item key={entry.path} onClick={() => void navigate(entry.path)} {...highlightWhen(current)}>
              {entry.label}
            </Menu.Item>
          );
        })}
        <Menu.Divider />
        {/* The product gives Notifications no action. */}
        <Menu.Item leftSection={<IconBell size={16} />}>Notifications</Menu.Item>
        <Menu.Item leftSection={<IconUser size={16} />} onClick={() => void navigate(PROFILE_PATH)} {...highlightWhen(pathname === PROFILE_PATH)}>
          Profile
        </Menu.Item>
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
      <Group justify="flex-end" gap="sm" wrap="nowrap">
        <SignedInUser />
        <NavigationMenu />
      </Group>
    </Box>
  );
}
