import { List, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Facts } from '../../../app/components/Facts';
import { useJobs } from '../../registries';
import { usePlants } from '../reports/api';
import { usePlantsMachines } from './api';
import type { ContractForm } from './contract-form';
import { noticeText, useCompanyNoticeDays } from './notice';
import { activityLine, hoursText, periodText, priceLines, renewalText, totalDates } from './summary';

function Block({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Title order={3} size="h5" mb="xs">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** Step 4: everything the contract will be, before "Crea contratto". */
export function SummaryStep({ form }: { form: ContractForm }) {
  const { t, i18n } = useTranslation();
  const plants = usePlants(form.cliente_id);
  const machines = usePlantsMachines(form.impianti);
  const jobs = useJobs();
  const companyNotice = useCompanyNoticeDays();
  const names = (ids: string[], list: { id: string; nome: string }[] | undefined) =>
    ids.map((id) => list?.find((x) => x.id === id)?.nome ?? '…').join(', ');
  const prices = priceLines(form.prezzi, i18n.language, t);
  return (
    <Stack gap="md">
      <Block title={t('contracts.steps.info')}>
        <Facts
          items={[
            { label: t('contracts.fields.cliente'), value: form.cliente },
            { label: t('contracts.fields.identificativo'), value: form.identificativo },
            { label: t('contracts.fields.descrizione'), value: form.descrizione },
            { label: t('contracts.fields.tipo'), value: form.tipo ? t(`contracts.tipi.${form.tipo}`) : '' },
          ]}
        />
      </Block>
      <Block title={t('contracts.steps.contract')}>
        <Facts
          items={[
            { label: t('contracts.fields.periodo'), value: periodText(form.data_inizio, form.data_fine, t) },
            ...(form.tipo === 'chiamata'
              ? [
                  {
                    label: t('contracts.fields.ore_contratto'),
                    value: hoursText(form.ore_contratto, i18n.language),
                  },
                ]
              : []),
            { label: t('contracts.fields.impianti'), value: names(form.impianti, plants.data) },
            { label: t('contracts.fields.macchinari'), value: names(form.macchinari, machines) },
            { label: t('contracts.fields.mansioni'), value: names(form.mansioni, jobs.data) },
          ]}
        />
        <Text size="sm" fw={600} mt="sm">
          {t('contracts.summary.activities', { count: form.attivita.length, dates: totalDates(form.attivita) })}
        </Text>
        {form.attivita.length > 0 && (
          <List size="sm" mt={4}>
            {form.attivita.map((a) => (
              <List.Item key={a.key}>{activityLine(a, t)}</List.Item>
            ))}
          </List>
        )}
      </Block>
      <Block title={t('contracts.steps.settings')}>
        <Facts
          items={[
            { label: t('contracts.fields.rinnovo'), value: renewalText(form.rinnovo_automatico, form.mesi_rinnovo, t) },
            {
              label: t('contracts.fields.giorni_preavviso_rinnovo'),
              // Left empty, the company's notice is saved: the summary says what will be saved.
              value: noticeText(form.giorni_preavviso_rinnovo, companyNotice, t),
            },
            {
              label: t('contracts.fields.avviso_cliente'),
              value: form.avviso_cliente ? t('contracts.yes') : t('contracts.no'),
            },
            { label: t('contracts.fields.email_avviso'), value: form.email_avviso },
            {
              label: t('contracts.fields.ritardo_massimo_giorni'),
              value:
                form.ritardo_massimo_giorni === ''
                  ? ''
                  : t('contracts.summary.days', { count: form.ritardo_massimo_giorni }),
            },
            {
              label: t('contracts.fields.abilitaPrezziContratto'),
              value: form.abilitaPrezziContratto ? t('contracts.yes') : t('contracts.no'),
            },
            ...prices.map((p) => ({ label: p.label, value: p.text })),
          ]}
        />
      </Block>
    </Stack>
  );
}
