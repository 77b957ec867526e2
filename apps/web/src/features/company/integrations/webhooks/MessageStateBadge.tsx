import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { WebhookMessageState } from '@fs/contract';

const COLOR = { IN_ATTESA: 'yellow', CONSEGNATO: 'green', FALLITO: 'red' } as const;

/** A message's state: In attesa, Consegnato, Fallito. */
export function MessageStateBadge({ stato }: { stato: WebhookMessageState }) {
  const { t } = useTranslation();
  return (
    // Never squeezed to an ellipsis by a narrow table column.
    <Badge color={COLOR[stato]} variant="light" style={{ minWidth: 'max-content' }}>
      {t(`integrations.webhooks.messageStates.${stato}`)}
    </Badge>
  );
}
