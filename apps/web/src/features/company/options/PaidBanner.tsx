import { Alert, Button, Group, Text } from '@mantine/core';
import { IconLock, IconSparkles } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PRICES, type PaidOption } from '@fs/contract';
import { formatCents } from '../../../app/numbers';

interface Props {
  option: PaidOption;
  active: boolean;
  isAdmin: boolean;
  onActivate: () => void;
}

/** A paid option's state: active, or its yearly price with "activate" (admins) or "ask your administrator". */
export function PaidBanner({ option, active, isAdmin, onActivate }: Props) {
  const { t, i18n } = useTranslation();
  if (active) {
    return (
      <Alert color="green" icon={<IconSparkles />} py="xs">
        {t('options.paid.active')}
        {!isAdmin && (
          <Text size="sm" c="dimmed">
            {t('options.paid.askAdmin')}
          </Text>
        )}
      </Alert>
    );
  }
  const price = PRICES[`option:${option}`];
  return (
    <Alert color={isAdmin ? 'blue' : 'gray'} icon={<IconLock />} py="xs">
      <Group justify="space-between" gap="sm">
        <div>
          <Text size="sm" fw={600}>
            {t('options.paid.notActive')}
          </Text>
          <Text size="sm">
            {t('options.paid.price', {
              yearly: formatCents(price.yearly, i18n.language),
              monthly: formatCents(price.monthly, i18n.language),
            })}
          </Text>
          {!isAdmin && (
            <Text size="sm" c="dimmed">
              {t('options.paid.askAdmin')}
            </Text>
          )}
        </div>
        <Button size="xs" onClick={onActivate} disabled={!isAdmin}>
          {t('options.paid.activate')}
        </Button>
      </Group>
    </Alert>
  );
}
