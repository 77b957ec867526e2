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
 * Where toasts go: bottom right on a tablet or a computer, as the spec puts them (above a sticky
 * action bar while one is on screen: `StickyActions`). On a phone (under 576 px) a toast spans the
 * width, so it goes to the top, clear of the sticky save bars and the fields above them (decision
 * 0034).
 */
export function toastPosition(phone: boolean): 'top-center' | 'bottom-right' {
  return phone ? 'top-center' : 'bottom-right';
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
