import { useMemo, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CLIENT } from '@fs/contract';
import { cssVariablesResolver, localizedTheme } from './theme';

/**
 * Where toasts go: bottom left on a tablet or a computer, over the side menu's foot, never over a
 * form's save button (right-aligned in modals and pages, or in a sticky bar at the bottom) nor the
 * page's title, back link and actions at the top. On a phone (under 576 px, where the side menu
 * is hidden) a toast spans the width, so it goes to the top, clear of the sticky save bars.
 */
export function toastPosition(phone: boolean): 'top-center' | 'bottom-left' {
  return phone ? 'top-center' : 'bottom-left';
}

/** Theme (its built-in control labels translated), toasts (see `toastPosition`, 2.5 s), the stacked modal host and the query cache. */
export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  const { t } = useTranslation();
  const theme = useMemo(() => localizedTheme(t), [t]);
  const phone = useMediaQuery(`(max-width: ${CLIENT.breakpoints.mobile - 0.02}px)`, false) ?? false;
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        <ModalsProvider labels={{ confirm: t('common.confirm'), cancel: t('common.cancel') }}>
          <Notifications position={toastPosition(phone)} autoClose={CLIENT.toastDurationMs} limit={5} />
          {children}
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
