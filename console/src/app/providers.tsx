import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { useToastContainerDemanded } from '../shared/toast/toast-container-demand';
import { theme } from './theme';

export interface AppProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
  /** 'test' turns off Mantine's transitions and portals. */
  env?: 'default' | 'test';
}

/** The product's toast rule: one at a time, 5000 ms each. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;

// The toast container (and its transitions) loads with the first toast, not with the landing page;
// the toast waits in the notifications store meanwhile and appears when the container arrives.
const Notifications = lazy(async () => ({ default: (await import('@mantine/notifications')).Notifications }));

function ToastContainer() {
  if (!useToastContainerDemanded()) return null;
  return (
    <Suspense fallback={null}>
      <Notifications limit={TOAST_LIMIT} autoClose={TOAST_DURATION_MS} />
    </Suspense>
  );
}

export function AppProviders({ queryClient, children, env = 'default' }: AppProvidersProps) {
  return (
    <MantineProvider theme={theme} env={env}>
      <ToastContainer />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
