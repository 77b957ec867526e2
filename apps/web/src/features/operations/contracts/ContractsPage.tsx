import { Button, Group, Paper, Select, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconFileCertificate, IconPlus } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CONTRACTS_TABLE, CONTRACT_STATES, CONTRACT_TYPES, type ContractRow } from '@fs/contract';
import { DataTable, pageQueryProps } from '../../../app/components/DataTable';
import { useDebounced } from '../../../app/components/list-state';
import { filterRules, sortsOf, useListParams } from '../../../app/components/list-url';
import { formatDate } from '../../../app/format';
import { useCan } from '../../../app/session/api';
import { usePageTitle } from '../../../app/use-page-title';
import { CustomerFilter } from '../reports/CustomerFilter';
import { useContractsPage } from './api';
import { HoursBar } from './HoursBar';
import { StatoBadge } from './StatoBadge';

/** The "ending within" filter's choices, in days. */
export const SCADENZA_GIORNI = ['30', '60', '90', '180'] as const;

/** The list's address: customer, type, state and "ending within", by the API's names. */
const LIST = {
  sort: CONTRACTS_TABLE.defaultSort,
  sorts: sortsOf(CONTRACTS_TABLE),
  filters: {
    cliente_id: filterRules.id,
    tipo: filterRules.oneOf(CONTRACT_TYPES),
    stato: filterRules.oneOf(CONTRACT_STATES),
    scadenza_giorni: filterRules.oneOf(SCADENZA_GIORNI),
  },
};

/** /contracts: the company's contracts, paged on the server, with search and filters. */
export function ContractsPage() {
  const { t } = useTranslation();
  usePageTitle(t('contracts.title'));
  const navigate = useNavigate();
  const canWrite = useCan('contratti', 'write') === true;
  const list = useListParams(LIST);
  const { state, setState, search, setSearch, setFilters } = list;
  const cliente = list.filters.cliente_id || null;
  const tipo = list.filters.tipo || null;
  const stato = list.filters.stato || null;
  const scadenza = list.filters.scadenza_giorni || null;
  const q = useDebounced(search.trim());
  const params = new URLSearchParams({
    page: String(state.page),
    size: String(state.size),
    sort: state.sort,
    dir: state.dir,
  });
  if (q) params.set('q', q);
  if (cliente) params.set('cliente_id', cliente);
  if (tipo) params.set('tipo', tipo);
  if (stato) params.set('stato', stato);
  if (scadenza) params.set('scadenza_giorni', scadenza);
  const page = useContractsPage(params.toString());
  const filtered = !!(q || cliente || tipo || stato || scadenza);
  const newButton = canWrite && (
    <Button leftSection={<IconPlus size={18} />} onClick={() => void navigate('/contracts/new')}>
      {t('contracts.new')}
    </Button>
  );
  const none = !filtered && !page.isFetching && page.data?.totaleElementi === 0;

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('contracts.title')}</Title>
        <Text c="dimmed">{t('contracts.subtitle')}</Text>
      </div>
      {none ? (
        <Paper withBorder radius="md" p="xl">
          <Stack align="center" gap="sm">
            <ThemeIcon size={56} radius="xl" variant="light">
              <IconFileCertificate size={32} aria-hidden />
            </ThemeIcon>
            <Title order={2} size="h4">
              {t('contracts.emptyTitle')}
            </Title>
            <Text c="dimmed" ta="center" maw={460}>
              {t('contracts.empty')}
            </Text>
            {newButton}
          </Stack>
        </Paper>
      ) : (
        <DataTable<ContractRow>
          table="contratti"
          {...pageQueryProps(page)}
          state={state}
          onStateChange={setState}
          search={search}
          onSearchChange={setSearch}
          rowKey={(r) => r.id}
          renderCell={(r, key) => {
            switch (key) {
              case 'stato':
                return <StatoBadge stato={r.stato} />;
              case 'tipo':
                return t(`contracts.tipi.${r.tipo}`);
              case 'data_inizio':
              case 'data_fine':
                return formatDate(r[key]) ?? '';
              case 'ore_residue':
                return r.tipo === 'chiamata' ? (
                  <HoursBar oreContratto={r.ore_contratto} oreResidue={r.ore_residue} compact />
                ) : (
                  ''
                );
              case 'rinnovo_automatico':
                return r.rinnovo_automatico ? t('contracts.yes') : t('contracts.no');
              default: {
                const v = r[key as keyof ContractRow];
                return v === null || v === undefined ? '' : String(v);
              }
            }
          }}
          onOpen={(r) => void navigate(`/contracts/${r.id}`)}
          activeFilters={[cliente, tipo, stato, scadenza].filter(Boolean).length}
          filters={
            <>
              <CustomerFilter value={cliente} onChange={(v) => setFilters({ cliente_id: v })} />
              <Select
                label={t('contracts.fields.tipo')}
                placeholder={t('contracts.filters.any')}
                data={CONTRACT_TYPES.map((x) => ({ value: x, label: t(`contracts.tipi.${x}`) }))}
                value={tipo}
                onChange={(v) => setFilters({ tipo: v })}
                clearable
                w={160}
              />
              <Select
                label={t('contracts.fields.stato')}
                placeholder={t('contracts.filters.any')}
                data={CONTRACT_STATES.map((x) => ({ value: x, label: t(`contracts.stati.${x}`) }))}
                value={stato}
                onChange={(v) => setFilters({ stato: v })}
                clearable
                w={150}
              />
              <Select
                label={t('contracts.filters.scadenza')}
                placeholder={t('contracts.filters.any')}
                data={SCADENZA_GIORNI.map((d) => ({
                  value: d,
                  label: t('contracts.filters.days', { count: Number(d) }),
                }))}
                value={scadenza}
                onChange={(v) => setFilters({ scadenza_giorni: v })}
                clearable
                w={170}
              />
            </>
          }
          actions={newButton || undefined}
          searchLabel={t('contracts.search')}
          emptyText={filtered ? t('contracts.noMatch') : t('contracts.empty')}
          cardTitle="cliente"
          caption={t('contracts.caption')}
        />
      )}
      {!none && !page.isFetching && page.data && page.data.totaleElementi > 0 && (
        <Group justify="flex-end">
          <Text size="sm" c="dimmed">
            {t('contracts.count', { count: page.data.totaleElementi })}
          </Text>
        </Group>
      )}
    </Stack>
  );
}
