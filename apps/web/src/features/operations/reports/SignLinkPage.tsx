import { useState } from 'react';
import { Alert, Center, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../app/api/errors';
import { formatDate, formatDateTime } from '../../../app/format';
import { formatDecimal } from '../../../app/numbers';
import { usePageTitle } from '../../../app/use-page-title';
import { SignForm } from './AcceptanceSection';
import { usePublicSign, usePublicSignature } from './signature-api';

/**
 * /firma/:token: the customer's page of a mailed signing link, outside the signed-in shell. It shows
 * only what the link's report asks to accept (no prices) and takes the signature once.
 */
export function SignLinkPage() {
  const { token = '' } = useParams();
  const { t, i18n } = useTranslation();
  const summary = usePublicSignature(token);
  // In the company's name once known (the page speaks for it), never the product's.
  usePageTitle(t('signature.public.title'), summary.data?.azienda ?? '');
  const sign = usePublicSign(token);
  const [done, setDone] = useState<{ firmatario: string; firmato_il: string } | null>(null);
  const num = (v: string) => formatDecimal(v, i18n.language);

  if (done)
    return (
      <Stack gap="md">
        <Title order={1}>{t('signature.public.title')}</Title>
        <Alert color="teal" role="status">
          {t('signature.public.done', { name: done.firmatario, when: formatDateTime(done.firmato_il) })}
        </Alert>
      </Stack>
    );
  if (summary.error)
    return (
      <Stack gap="md">
        <Title order={1}>{t('signature.public.title')}</Title>
        <Alert color="red" title={t('signature.public.invalidTitle')} role="alert">
          {errorText(t, summary.error)}
        </Alert>
      </Stack>
    );
  const s = summary.data;
  if (!s)
    return (
      <Center py="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  const contacts = [s.azienda_contatti.indirizzo, s.azienda_contatti.telefono, s.azienda_contatti.email].filter(
    (x): x is string => !!x,
  );
  return (
    <Stack gap="md">
      <header aria-label={s.azienda}>
        <Text fw={700} size="lg">
          {s.azienda}
        </Text>
        {contacts.length > 0 && (
          <Text size="sm" c="dimmed">
            {contacts.join(' · ')}
          </Text>
        )}
      </header>
      <div>
        <Title order={1}>{t('signature.public.title')}</Title>
        <Text mt={4}>{t('signature.public.intro', { azienda: s.azienda })}</Text>
      </div>
      <Paper
        withBorder
        p="md"
        radius="md"
        component="section"
        aria-label={t('signature.public.report', { numero: s.numero_assistenza, date: formatDate(s.data_apertura) })}
      >
        <Title order={2} size="h4" mb="sm">
          {t('signature.public.report', { numero: s.numero_assistenza, date: formatDate(s.data_apertura) })}
        </Title>
        <Stack gap={6}>
          <Text size="sm">
            <b>{t('signature.public.customer')}:</b> {s.cliente}
          </Text>
          {s.impianto && (
            <Text size="sm">
              <b>{t('signature.public.plant')}:</b> {s.impianto}
            </Text>
          )}
          {s.tecnici.length > 0 && (
            <Text size="sm">
              <b>{t('signature.public.technicians')}:</b> {s.tecnici.join(', ')}
            </Text>
          )}
          {s.richiesta_iniziale && (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              <b>{t('signature.public.request')}:</b> {s.richiesta_iniziale}
            </Text>
          )}
        </Stack>
        <Title order={3} size="h5" mt="md" mb={4}>
          {t('signature.public.days')}
        </Title>
        {s.giornate.length ? (
          <Table.ScrollContainer minWidth={0}>
            <Table striped fz="sm" horizontalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('signature.public.date')}</Table.Th>
                  <Table.Th>{t('signature.public.technician')}</Table.Th>
                  <Table.Th ta="right">{t('signature.public.hours')}</Table.Th>
                  <Table.Th ta="right">{t('signature.public.travel')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {s.giornate.map((g, i) => (
                  <Table.Tr key={i}>
                    <Table.Td>{formatDate(g.data)}</Table.Td>
                    <Table.Td>{g.tecnico}</Table.Td>
                    <Table.Td ta="right">{num(g.totale_ore)}</Table.Td>
                    <Table.Td ta="right">
                      {t('signature.public.travelValue', { hours: num(g.ore_viaggio), km: num(g.km_viaggio) })}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : (
          <Text size="sm" c="dimmed">
            {t('signature.public.noDays')}
          </Text>
        )}
        <Text size="sm" mt={4}>
          {t('signature.public.totalHours', { hours: num(s.totale_ore) })}
        </Text>
        <Title order={3} size="h5" mt="md" mb={4}>
          {t('signature.public.materials')}
        </Title>
        {s.materiali.length ? (
          <Table.ScrollContainer minWidth={0}>
            <Table striped fz="sm" horizontalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('signature.public.code')}</Table.Th>
                  <Table.Th>{t('signature.public.description')}</Table.Th>
                  <Table.Th ta="right">{t('signature.public.quantity')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {s.materiali.map((m, i) => (
                  <Table.Tr key={i}>
                    <Table.Td>{m.codice ?? ''}</Table.Td>
                    <Table.Td>{m.descrizione}</Table.Td>
                    <Table.Td ta="right">
                      {num(m.quantita)} {m.unita ?? ''}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : (
          <Text size="sm" c="dimmed">
            {t('signature.public.noMaterials')}
          </Text>
        )}
      </Paper>
      <Paper withBorder p="md" radius="md" component="section" aria-label={t('signature.section')}>
        <Title order={2} size="h4" mb="xs">
          {t('signature.section')}
        </Title>
        <Text size="sm" mb="sm">
          {t('signature.public.accept')} {t('signature.public.expires', { date: formatDateTime(s.scadenza) })}
        </Text>
        <SignForm
          onSign={(firmatario, png) => sign.mutateAsync({ firmatario, png }).then(setDone)}
          pending={sign.isPending}
          submitLabel={t('signature.public.sign')}
        />
      </Paper>
    </Stack>
  );
}
