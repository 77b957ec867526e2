import { useCan } from '../../../app/session/api';
import { OfficePlanner } from './OfficePlanner';
import { TechnicianAgenda } from './TechnicianAgenda';

/**
 * /intervention-planning: who plans for the company (pianificazione_interventi read on the company's
 * data) gets the office planner; a technician (own data only) gets their own agenda.
 */
export function PlanningPage() {
  const office = useCan('pianificazione_interventi', 'read', 'company');
  return office ? <OfficePlanner /> : <TechnicianAgenda />;
}
