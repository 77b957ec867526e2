import type { ReactElement, ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import { afterEach } from 'vitest';
import { i18nReady } from '../app/i18n';
import { theme } from '../app/theme';

await i18nReady;

afterEach(() => {
  cleanup();
  notifications.clean();
});

/** A query cache for one test: no retries, nothing refetched behind the test's back. */
export function testQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
}

/** Renders a component with the app's providers (Mantine, confirm modals, toasts, query cache, Italian texts). */
export function renderUi(ui: ReactElement, queryClient = testQueryClient()) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={queryClient}>
        <ModalsProvider>
          <Notifications />
          {children}
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
  return { queryClient, ...render(ui, { wrapper }) };
}
