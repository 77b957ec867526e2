import { Button, Group, Stack, Text } from '@mantine/core';
import { IconMapPin, IconNavigation, IconPhone } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { routes, wallClock, type Report } from '@fs/contract';
import { api } from '../../../app/api/client';
import { formatDate } from '../../../app/format';
import { usePlants } from './api';
import { directionsTo, placeText, telLink } from './report-view';

/** The customer's place and phone, read from its card (the plant's address when the report has one). */
function useCustomerPlace(clienteId: string) {
  return useQuery({
    queryKey: ['reports', 'customer-place', clienteId],
    retry: false,
    meta: { silent: true },
    queryFn: async () => (await api.call(routes.customers.getCliente, { params: { id: clienteId } })).item,
  });
}

/** When the visit is: day and times on the company's clock, the Italian way; null without an appointment. */
export function appointmentText(
  a: Report['appuntamento'],
  zone: string,
  t: (k: string, o?: Record<string, unknown>) => string,
): string | null {
  if (!a) return null;
  if (a.da_fare || !a.inizio) return t('reports.field.toPlan');
  const from = wallClock(a.inizio, zone);
  const day = formatDate(from.date) ?? from.date;
  if (a.tutto_il_giorno) return t('reports.field.allDay', { day });
  const to = a.fine ? wallClock(a.fine, zone) : null;
  const until = to && to.date === from.date ? `–${to.time}` : '';
  return t('reports.field.at', { day, time: `${from.time}${until}` });
}

/** The field view's first card: the request, the customer, where (with "Naviga") and "Chiama", and when. */
export function FieldPlace({ report, zone }: { report: Report; zone: string }) {
  const { t } = useTranslation();
  const customer = useCustomerPlace(report.cliente_id);
  const plants = usePlants(report.impianto_id ? report.cliente_id : null);
  const plant = plants.data?.find((p) => p.id === report.impianto_id);
  const c = customer.data;
  const plantPlace = plant ? placeText(plant) : '';
  const place = plantPlace || (c ? placeText(c) : '');
  const navigate = directionsTo(place || null);
  const phone = c?.cellulare?.trim() || c?.telefono?.trim() || null;
  const call = telLink(phone);
  const when = appointmentText(report.appuntamento, zone, t);
  return (
    <Stack gap="sm">
      <div>
        <Text size="sm" c="dimmed">
          {t('reports.fields.richiesta_iniziale')}
        </Text>
        <Text fw={500} style={{ whiteSpace: 'pre-wrap' }} data-testid="field-request">
          {report.richiesta_iniziale?.trim() || t('reports.field.noRequest')}
        </Text>
      </div>
      <div>
        <Text fw={600}>{report.cliente}</Text>
        {(report.impianto || report.mansione) && (
          <Text size="sm" c="dimmed">
            {[report.impianto, report.mansione].filter(Boolean).join(' · ')}
          </Text>
        )}
        <Group gap={6} wrap="nowrap" align="flex-start" mt={4}>
          <IconMapPin size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <Text size="sm">{place || (customer.isPending ? '…' : t('reports.field.noAddress'))}</Text>
        </Group>
      </div>
      {(navigate || call) && (
        <Group gap="sm" grow>
          {navigate && (
            <Button
              component="a"
              href={navigate}
              target="_blank"
              rel="noopener noreferrer"
              size="lg"
              variant="light"
              leftSection={<IconNavigation size={20} />}
            >
              {t('reports.field.navigate')}
            </Button>
          )}
          {call && (
            <Button
              component="a"
              href={call}
              size="lg"
              variant="light"
              leftSection={<IconPhone size={20} />}
              aria-label={t('reports.field.callNumber', { phone })}
            >
              {t('reports.field.call')}
            </Button>
          )}
        </Group>
      )}
      <div>
        <Text size="sm" c="dimmed">
          {t('reports.field.appointment')}
        </Text>
        <Text fw={500}>{when ?? t('reports.field.noAppointment')}</Text>
      </div>
    </Stack>
  );
}
