import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { useSession } from '../features/auth/api/get-session';
import { RealtimeProvider } from '../features/realtime/components/RealtimeProvider/RealtimeProvider';
import { createQueryClient } from '../shared/api/query-client';
import { AppProviders } from './providers';
import { createAppRouter } from './router';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

/** The service lets signed-in browsers only open the socket; the landing page, signed out, opens none. */
function SignedInRealtime({ children }: { children: ReactNode }) {
  const { data: user } = useSession();
  return <RealtimeProvider enabled={Boolean(user)}>{children}</RealtimeProvider>;
}

const queryClient = createQueryClient();
const router = createAppRouter();

createRoot(rootElement).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <SignedInRealtime>
        <RouterProvider router={router} />
      </SignedInRealtime>
    </AppProviders>
  </StrictMode>,
);
