import { Alert, Card, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Contract } from '@fs/contract';
import { Facts } from '../../../app/components/Facts';
import { MediaFiles } from '../../../app/components/MediaFiles';
import { formatDate } from '../../../app/format';
import { formatDecimal } from '../../../app/numbers';
import { useCan } from '../../../app/session/api';
import { HoursBar } from './HoursBar';
import { periodText, renewalText } from './summary';

/** The contract's data, its on-call hours, renewal and notice, ceasing, and its files. */
export function InfoTab({ contract: c }: { contract: Contract }) {
  const { t, i18n } = useTranslation();
  const canWrite = useCan('contratti', 'write') === true;
  const canDelete = useCan('contratti', 'delete') === true;
  const yes = (v: boolean) => (v ? t('contracts.yes') : t('contracts.no'));
  const days = (v: number | null) => (v === null ? null : t('contracts.summary.days', { count: v }));
  return (
    <Stack gap="md">
      {c.cessato && (
        <Alert color="gray" variant="light" title={t('contracts.ceasedTitle', { date: formatDate(c.data_cessazione) })}>
          {c.motivo_cessazione}
        </Alert>
      )}
      {!c.cessato && c.rinnovo_automatico && c.data_rinnovo && (
        <Alert color="blue" variant="light" icon={<IconRefresh size={18} />}>
          {t('contracts.renewsOn', { date: formatDate(c.data_rinnovo) })}
        </Alert>
      )}
      {c.tipo === 'chiamata' && (
        <Card withBorder radius="md" padding="lg">
          <Title order={2} size="h5" mb="xs">
            {t('contracts.hours.title')}
          </Title>
          <HoursBar oreContratto={c.ore_contratto} oreResidue={c.ore_residue} oreUsate={c.ore_usate} />
          <Text size="sm" c="dimmed" mt={6}>
            {t('contracts.hours.left', { hours: formatDecimal(c.ore_residue, i18n.language) })}
          </Text>
        </Card>
      )}
      <Card withBorder radius="md" padding="lg">
        <Facts
          items={[
            { label: t('contracts.fields.cliente'), value: c.cliente },
            { label: t('contracts.fields.identificativo'), value: c.identificativo },
            { label: t('contracts.fields.descrizione'), value: c.descrizione },
            { label: t('contracts.fields.tipo'), value: t(`contracts.tipi.${c.tipo}`) },
            { label: t('contracts.fields.periodo'), value: periodText(c.data_inizio, c.data_fine, t) },
            { label: t('contracts.fields.rinnovo'), value: renewalText(c.rinnovo_automatico, c.mesi_rinnovo, t) },
            { label: t('contracts.fields.rinnovi'), value: String(c.rinnovi) },
            { label: t('contracts.fields.giorni_preavviso_rinnovo'), value: days(c.giorni_preavviso_rinnovo) },
            { label: t('contracts.fields.mailAvvisoScadenzaSent'), value: yes(c.mailAvvisoScadenzaSent) },
            { label: t('contracts.fields.avviso_cliente'), value: yes(c.avviso_cliente) },
            { label: t('contracts.fields.email_avviso'), value: c.email_avviso },
            {
              label: t('contracts.fields.ritardo_massimo_giorni'),
              value: days(c.regole?.ritardo_massimo_giorni ?? null),
            },
            { label: t('contracts.fields.impianti'), value: c.impianti.map((i) => i.nome).join(', ') },
            {
              label: t('contracts.fields.macchinari'),
              value: c.macchinari.map((m) => (m.matricola ? `${m.nome} (${m.matricola})` : m.nome)).join(', '),
            },
            { label: t('contracts.fields.mansioni'), value: c.mansioni.map((m) => m.nome).join(', ') },
            {
              label: t('contracts.fields.attivita'),
              value: t('contracts.activitiesCount', {
                count: c.attivita_count,
                todo: c.date_da_fare,
                overdue: c.date_scadute,
              }),
            },
            ...(c.cessato
              ? [
                  { label: t('contracts.fields.data_cessazione'), value: formatDate(c.data_cessazione) },
                  { label: t('contracts.fields.motivo_cessazione'), value: c.motivo_cessazione },
                ]
              : []),
          ]}
        />
      </Card>
      <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="contract-files">
        <Title order={2} size="h5" mb="sm" id="contract-files">
          {t('contracts.files')}
        </Title>
        <MediaFiles
          section="contratto"
          listSection="contratti"
          ownerId={c.id}
          canWrite={canWrite}
          canDelete={canDelete}
        />
      </Card>
    </Stack>
  );
}
