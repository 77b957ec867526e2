import { useTranslation } from 'react-i18next';
import type { RuleMessages } from './contract-form';

/** The client's own form messages (those the wire schema does not carry), translated. */
export function useRuleMessages(): RuleMessages {
  const { t } = useTranslation();
  return {
    required: t('contracts.errors.required'),
    endBeforeStart: t('contracts.errors.endBeforeStart'),
    tooLong: t('contracts.errors.tooLong'),
    hoursRequired: t('contracts.errors.hoursRequired'),
  };
}
