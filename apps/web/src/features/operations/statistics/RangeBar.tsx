import { Group, Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../app/components/DateField';
import { PERIODS, type Period } from './logic';

const FREE = 'libero';

/**
 * The range of the statistics: the spec's shortcuts (today, yesterday, this month, last month, last
 * 30 and 90 days, cut on the company's calendar) or a free range typed or picked (DD/MM/YYYY).
 */
export function RangeBar(p: {
  periodo: Period | null;
  dal: string;
  al: string;
  onPeriod: (p: Period) => void;
  onRange: (dal: string, al: string) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  return (
    <Group gap="sm" align="flex-start" wrap="wrap" data-testid="stats-range">
      <Select
        label={t('statistics.range.period')}
        data={[
          ...PERIODS.map((v) => ({ value: v, label: t(`reports.periodi.${v}`) })),
          { value: FREE, label: t('statistics.range.free') },
        ]}
        value={p.periodo ?? FREE}
        onChange={(v) => {
          if (v && v !== FREE) p.onPeriod(v as Period);
          else if (v === FREE) p.onRange(p.dal, p.al);
        }}
        allowDeselect={false}
        w={190}
      />
      <div style={{ width: 170 }}>
        <DateField label={t('statistics.range.from')} value={p.dal} onChange={(v) => p.onRange(v, p.al)} />
      </div>
      <div style={{ width: 170 }}>
        <DateField
          label={t('statistics.range.to')}
          value={p.al}
          onChange={(v) => p.onRange(p.dal, v)}
          error={p.error}
        />
      </div>
    </Group>
  );
}
