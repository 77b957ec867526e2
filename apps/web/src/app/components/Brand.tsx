import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFieldTechnician } from '../session/field-technician';
import classes from './Brand.module.css';

/** The product mark and name; `compact` shows the mark only. */
export function Brand({ compact = false, textClassName }: { compact?: boolean; textClassName?: string }) {
  const { t } = useTranslation();
  // A technician's area is the field, not the administration (issue 24).
  const fieldTechnician = useFieldTechnician();
  return (
    <Group gap={10} wrap="nowrap" className={classes.brand}>
      <img src="/favicon.svg" alt="" width={30} height={30} className={classes.mark} />
      {!compact && (
        <div className={`${classes.text} ${textClassName ?? ''}`}>
          <Text fw={700} size="sm" lh={1.2}>
            {t('app.name')}
          </Text>
          <Text size="xs" c="dimmed" lh={1.2}>
            {fieldTechnician ? t('app.fieldArea') : t('app.area')}
          </Text>
        </div>
      )}
    </Group>
  );
}
