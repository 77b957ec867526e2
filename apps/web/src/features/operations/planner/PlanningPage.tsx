import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../app/session/api';
import { OfficePlanner } from './OfficePlanner';
import { TechnicianAgenda } from './TechnicianAgenda';

/**
 * /intervention-planning: who plans for the company (pianificazione_interventi read on the company's
 * data) gets the office planner; a technician (own data only) gets their own agenda. Neither mounts
 * (nor asks the server for anything) until the permissions say which.
 */
export function PlanningPage() {
  const { t } = useTranslation();
  const office = useCan('pianificazione_interventi', 'read', 'company');
  if (office === undefined) {
    return (
      <Center py="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }
  return office ? <OfficePlanner /> : <TechnicianAgenda />;
}
