import { useEffect, useState, type ComponentType } from 'react';
import { Center, Loader } from '@mantine/core';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { can } from '@fs/contract';
import { chunk, type PageStart } from '../../../app/lazy-page';
import { permissionsQuery, useCan } from '../../../app/session/api';
import { cachedCompanyZone } from '../../company';
import { prefetchOpeningRange } from './api';
import { NARROW_QUERY, openingRange } from './office/opening';

// Each side is a chunk of its own (the office's holds FullCalendar's month, week and list views).
const office = chunk(() => import('./OfficePlanner'), 'OfficePlanner');
const agenda = chunk(() => import('./TechnicianAgenda'), 'TechnicianAgenda');

/** The office planner's code and its opening days' appointments (no filters), asked for together. */
function startOffice(queryClient: QueryClient, vista: string | null): void {
  const { range } = openingRange(vista, window.matchMedia(NARROW_QUERY).matches, cachedCompanyZone(queryClient));
  prefetchOpeningRange(queryClient, range);
  office.load().catch(() => {}); // a failure shows when the page renders
}

/**
 * At app start on this address (router.tsx, lazyPage's prepare): as soon as the permissions say
 * office, the planner's code and its opening days' appointments, before anything has rendered.
 */
export function preparePlanning({ search, queryClient }: PageStart): void {
  queryClient.ensureQueryData(permissionsQuery).then(
    ({ permissions }) => {
      if (can(permissions, 'pianificazione_interventi', 'read', 'company')) {
        startOffice(queryClient, new URLSearchParams(search).get('vista'));
      } else if (can(permissions, 'pianificazione_interventi', 'read')) {
        agenda.load().catch(() => {});
      }
    },
    () => {}, // the page shows the failure (the permissions guard)
  );
}

/**
 * /intervention-planning: who plans for the company (pianificazione_interventi read on the company's
 * data) gets the office planner; a technician (own data only) gets their own agenda. Neither mounts
 * (nor asks the server for anything) until the permissions say which. Then, for the office, the
 * opening days' appointments are asked for while the planner's code loads, not after its calendar
 * has mounted (opening.ts), under the calendar's query key. The spinner is this page's own rather
 * than a Suspense fallback (see lazyPage on React's 300 ms).
 */
export function PlanningPage() {
  const { t } = useTranslation();
  const isOffice = useCan('pianificazione_interventi', 'read', 'company');
  const side = isOffice === undefined ? null : isOffice ? office : agenda;
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const [vista] = useState(() => params.get('vista'));
  const [, arrived] = useState(0);
  const [failed, setFailed] = useState<Error | null>(null);

  useEffect(() => {
    if (!side) return;
    // Done already when the app opened on this page (preparePlanning): the query and the chunk are shared.
    if (side === office) startOffice(queryClient, vista);
    if (!side.loaded) {
      side.load().then(
        () => arrived((n) => n + 1),
        (error: unknown) => setFailed(error instanceof Error ? error : new Error(String(error))),
      );
    }
  }, [side, vista, queryClient]);

  if (failed) throw failed;
  const Side = side?.loaded as ComponentType | undefined;
  if (!Side) {
    return (
      <Center py="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }
  return <Side />;
}
