import { render, type RenderResult } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '../shared/api/query-client';

export interface RenderedApp extends RenderResult {
  queryClient: QueryClient;
  router: ReturnType<typeof createMemoryRouter>;
}

/** Renders `ui` at `path` with the app's providers (Mantine in test mode, a fresh query client). */
export function renderWithProviders(ui: ReactNode, { path = '/', routes }: { path?: string; routes?: RouteObject[] } = {}): RenderedApp {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(routes ?? [{ path: '*', element: ui }], { initialEntries: [path] });
  const result = render(
    <AppProviders queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, queryClient, router };
}
