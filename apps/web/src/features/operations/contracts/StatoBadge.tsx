import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ContractState } from '@fs/contract';

/** The contract's state colours: active green, expiring orange, ceased grey. */
export const STATO_CONTRATTO_COLORS: Record<ContractState, string> = {
  attivo: 'green',
  in_scadenza: 'orange',
  cessato: 'gray',
};

export function StatoBadge({ stato }: { stato: ContractState }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATO_CONTRATTO_COLORS[stato]} variant="light">
      {t(`contracts.stati.${stato}`)}
    </Badge>
  );
}
