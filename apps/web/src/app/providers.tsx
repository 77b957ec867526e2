import { useMemo, useState, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CLIENT } from '@fs/contract';
import { createQueryClient } from './query-client';
import { cssVariablesResolver, localizedTheme } from './theme';

/** Theme (its built-in control labels translated), toasts (bottom right, 2.5 s), the stacked modal host and the query cache. */
export function Providers({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [queryClient] = useState(createQueryClient);
  const theme = useMemo(() => localizedTheme(t), [t]);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        <ModalsProvider labels={{ confirm: t('common.confirm'), cancel: t('common.cancel') }}>
          {/* Bottom left, over the side menu's foot: never over a form's save button (right-aligned in modals
              and pages) nor the page's title, back link and actions at the top. */}
          <Notifications position="bottom-left" autoClose={CLIENT.toastDurationMs} limit={5} />
          {children}
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
