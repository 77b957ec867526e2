import { useEffect, useState } from 'react';
import { Affix, Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { IconRoute } from '@tabler/icons-react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TOUR_LANDING, type TourStep } from '@fs/contract';
import { errorText, isApiError } from '../../../app/api/errors';
import { notify } from '../../../app/notify';
import { useSessionUser } from '../../../app/session/api';
import { AppAccessQr } from '../../../app/components/AppAccessQr';
import { useCompanyZone } from '../../company';
import { useAdvanceTour, useInterruptTour } from './api';
import { activeTourStep, isAllowed, showsQr, tourStarted, tourStartUrl } from './tour';

/**
 * The first-access tour (spec platform sections 2, 4): a modal that only its
 * buttons close, then a small guide while the user is kept on the step's pages.
 */
/**
 * `contentLeft`: where the content area starts (the side menu's width, 0 on a phone), so that the
 * guide box sits inside the content at every width instead of under the menu.
 */
export function FirstAccessTour({ contentLeft = 0 }: { contentLeft?: number }) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const zone = useCompanyZone();
  const step = activeTourStep(user.data, zone);
  const [started, setStarted] = useState(() => (step === null ? false : tourStarted.get(step)));
  const interrupt = useInterruptTour();
  const advance = useAdvanceTour();
  const [starting, setStarting] = useState(false);

  useEffect(() => setStarted(step === null ? false : tourStarted.get(step)), [step]);

  // While the tour runs, the user stays on the step's pages.
  useEffect(() => {
    if (step !== null && started && !isAllowed(step, pathname)) void navigate(tourStartUrl(step), { replace: true });
  }, [step, started, pathname, navigate]);

  if (step === null) return null;

  const start = async () => {
    setStarting(true);
    try {
      const fresh = await user.refetch();
      const now = activeTourStep(fresh.data, zone);
      if (now === null) return;
      tourStarted.set(now);
      setStarted(true);
      await navigate(tourStartUrl(now));
    } finally {
      setStarting(false);
    }
  };

  const cancel = () =>
    interrupt.mutate(undefined, {
      onSuccess: () => {
        tourStarted.clear();
        notify.success(t('tour.ended'));
      },
      onError: (e) => notify.error(errorText(t, e)),
    });

  const next = (from: TourStep) =>
    advance.mutate(from, {
      // The last step ends the tour on its landing page, the interventions.
      onSuccess: () => {
        if (from === 20) void navigate(TOUR_LANDING);
      },
      onError: (e) => {
        const missing = isApiError(e) ? e.fields[0]?.message : undefined;
        notify.warning(
          missing === 'company' || missing === 'technician' ? t(`tour.missing.${missing}`) : errorText(t, e),
        );
      },
    });

  return (
    <>
      <Modal
        opened={!started}
        onClose={() => undefined}
        closeOnClickOutside={false}
        closeOnEscape={false}
        withCloseButton={false}
        centered
        size="lg"
        title={t(`tour.step${step}.title`)}
      >
        <Stack gap="md">
          <Text>{t(`tour.step${step}.text`)}</Text>
          {showsQr(step) && (
            <Stack gap="xs" align="center">
              <Text size="sm" c="dimmed" ta="center">
                {t('tour.qrHint')}
              </Text>
              <AppAccessQr size={180} />
            </Stack>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={cancel} loading={interrupt.isPending}>
              {t(`tour.step${step}.cancel`)}
            </Button>
            <Button onClick={() => void start()} loading={starting} leftSection={<IconRoute size={18} />}>
              {t(`tour.step${step}.start`)}
            </Button>
          </Group>
        </Stack>
      </Modal>
      {started && (
        <Affix position={{ bottom: 20, left: contentLeft + 16 }} zIndex={150}>
          <Paper
            withBorder
            shadow="md"
            radius="md"
            p="md"
            maw={`min(360px, calc(100vw - ${contentLeft + 32}px))`}
            role="region"
            aria-label={t('tour.guideLabel')}
          >
            <Stack gap="xs">
              <Text fw={600}>{t(`tour.step${step}.title`)}</Text>
              <Text size="sm">{t(`tour.step${step}.todo`)}</Text>
              <Group justify="space-between" gap="xs">
                <Button size="xs" variant="subtle" color="gray" onClick={cancel} loading={interrupt.isPending}>
                  {t('tour.exit')}
                </Button>
                <Button size="xs" onClick={() => next(step)} loading={advance.isPending}>
                  {step === 20 ? t('tour.finish') : t('tour.next')}
                </Button>
              </Group>
            </Stack>
          </Paper>
        </Affix>
      )}
    </>
  );
}
