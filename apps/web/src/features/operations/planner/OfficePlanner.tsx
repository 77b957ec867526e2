import { useState } from 'react';
import { SegmentedControl, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PlannerMap } from './map/PlannerMap';

/** TEMPORARY (planner-map branch only, reverted before the last commit): a view switch to reach the map. */
export function OfficePlanner() {
  const { t } = useTranslation();
  const [view, setView] = useState('calendar');
  return (
    <Stack>
      <Title order={2}>{t('planner.title')}</Title>
      <SegmentedControl
        value={view}
        onChange={setView}
        data={[
          { value: 'calendar', label: t('planner.title') },
          { value: 'map', label: t('plannerMap.title') },
        ]}
      />
      {view === 'map' && <PlannerMap />}
    </Stack>
  );
}
