import { useState } from 'react';
import { Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import { IconFileCode, IconFileInvoice, IconPlus, IconX } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDay, mayListUsers, optionValue, routes, todayIn, type ReportListRow } from '@fs/contract';
import { DataTable, pageQueryProps } from '../../../app/components/DataTable';
import { ExportMenu } from '../../../app/components/ExportMenu';
import { useDebounced } from '../../../app/components/list-state';
import { useListParams } from '../../../app/components/list-url';
import { formatDate } from '../../../app/format';
import { formatDecimal, formatMoney } from '../../../app/numbers';
import { useCan, usePermissions } from '../../../app/session/api';
import { usePageTitle } from '../../../app/use-page-title';
import { useCompanyZone, useOptions } from '../../company';
import { useUsers } from '../../identity';
import { useCustomerContracts, useReportsPage } from './api';
import { LIST, listQuery, STATI } from './list-query';
import { contractLabel } from './HeaderMore';
import { PERIODS, periodRange, type Period } from './periods';
import { BulkActions } from './BulkActions';
import { CustomerFilter } from './CustomerFilter';
import { StateBadge } from './StateBadge';

/** /interventions: every report the user may see, paged on the server, with the list's filters. */
export function ReportsPage() {
  const { t, i18n } = useTranslation();
  // Days are the company's: its zone cuts the period shortcuts and reads the dates shown.
  const zone = useCompanyZone();
  const today = todayIn(zone);
  usePageTitle(t('reports.title'));
  const navigate = useNavigate();
  const canWrite = useCan('gestione_interventi', 'write') === true;
  const canPrices = useCan('prezzi', 'read') === true;
  const perms = usePermissions().data?.permissions;
  const seeAll =
    !!perms &&
    (perms.gestione_interventi.companyRead || perms.dati_colleghi.userRead || perms.dati_colleghi.companyRead);
  const users = useUsers(seeAll && !!perms && mayListUsers(perms));
  const options = useOptions();
  const valuta = optionValue(options.data, 'valuta', 'value') ?? 'EUR';
  const list = useListParams(LIST);
  const { state, setState, search, setSearch, setFilters } = list;
  const stato = list.filters.stato || null;
  const tecnico = list.filters.tecnico_id || null;
  const cliente = list.filters.cliente_id || null;
  const contratto = list.filters.contratto_id || null;
  const periodo = (list.filters.periodo || null) as Period | null;
  const completato = list.filters.completato || null;
  // Opening days of the address (a bar of /statistics), shown as a filter that can be removed; a shortcut wins.
  const days =
    !periodo && (list.filters.dal || list.filters.al) ? { dal: list.filters.dal, al: list.filters.al } : null;
  // Closing days of the address (a bar of closed reports on /statistics), shown as a filter that can be removed.
  const closed =
    list.filters.chiuso_dal || list.filters.chiuso_al
      ? { dal: list.filters.chiuso_dal, al: list.filters.chiuso_al }
      : null;
  const [selected, setSelected] = useState<string[]>([]);
  const canDelete = useCan('gestione_interventi', 'delete') === true;
  const mayExport = useCan('esportazione_dati', 'read') === true;
  const canContracts = useCan('contratti', 'read') === true;
  const contracts = useCustomerContracts(cliente, canContracts);
  const q = useDebounced(search.trim());
  const params = listQuery({ ...list.state, q }, list.filters, today);
  const page = useReportsPage(params.toString());
  const filtered = !!(q || stato || tecnico || cliente || contratto || periodo || days || completato);

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('reports.title')}</Title>
        <Text c="dimmed">{t('reports.subtitle')}</Text>
      </div>
      <DataTable<ReportListRow>
        table="rapportini"
        {...pageQueryProps(page)}
        state={state}
        onStateChange={setState}
        search={search}
        onSearchChange={setSearch}
        rowKey={(r) => r.id}
        renderCell={(r, key) => {
          switch (key) {
            case 'stato':
              return <StateBadge stato={r.stato} completato={r.completato} inviato={r.inviato} />;
            case 'data_apertura':
            case 'data_chiusura':
              return formatDate(r[key], zone) ?? '';
            case 'totale_ore':
              return formatDecimal(r.totale_ore, i18n.language);
            case 'totale':
              return r.totale === null ? '' : formatMoney(r.totale, i18n.language, valuta);
            case 'completato':
              return r.completato ? t('reports.yes') : t('reports.no');
            case 'tipo_intervento':
              return r.tipo_intervento ? t(`reports.tipi.${r.tipo_intervento}`) : '';
            default: {
              const v = r[key as keyof ReportListRow];
              return v === null || v === undefined ? '' : String(v);
            }
          }
        }}
        onOpen={(r) => void navigate(`/interventions/${r.id}`)}
        selection={
          // Ticked reports are deleted or downloaded as a zip: nothing to tick without either.
          canDelete || mayExport
            ? {
                selected,
                onChange: setSelected,
                label: (r) => t('reports.bulkDelete.select', { numero: r.numero_assistenza }),
              }
            : undefined
        }
        activeFilters={[stato, cliente, contratto, tecnico, periodo ?? days, closed, completato].filter(Boolean).length}
        filters={
          <>
            <Select
              label={t('reports.fields.stato')}
              placeholder={t('reports.filters.any')}
              data={STATI.map((s) => ({ value: s, label: t(`reports.stati.${s}`) }))}
              value={stato}
              onChange={(v) => setFilters({ stato: v })}
              clearable
              w={150}
            />
            <CustomerFilter value={cliente} onChange={(v) => setFilters({ cliente_id: v, contratto_id: null })} />
            {cliente && canContracts && (contracts.data?.length ?? 0) > 0 && (
              <Select
                label={t('reports.fields.contratto')}
                placeholder={t('reports.filters.any')}
                data={(contracts.data ?? []).map((c) => ({ value: c.id, label: contractLabel(c, t) }))}
                value={contratto}
                onChange={(v) => setFilters({ contratto_id: v })}
                clearable
                w={220}
              />
            )}
            {seeAll && users.data && (
              <Select
                label={t('reports.fields.tecnico')}
                placeholder={t('reports.filters.any')}
                data={users.data.items.map((u) => ({
                  value: u.id,
                  label: [u.name, u.surname].filter(Boolean).join(' ') || u.username,
                }))}
                value={tecnico}
                onChange={(v) => setFilters({ tecnico_id: v })}
                clearable
                searchable
                w={190}
              />
            )}
            <Select
              label={t('reports.filters.periodo')}
              placeholder={days ? t('reports.filters.giorni') : t('reports.filters.sempre')}
              data={PERIODS.map((p) => ({ value: p, label: t(`reports.periodi.${p}`) }))}
              value={periodo}
              onChange={(v) => setFilters({ periodo: v, dal: null, al: null })}
              clearable
              w={170}
            />
            {days && (
              <DaysFilter
                days={days}
                kind="giorni"
                onClear={() => setFilters({ dal: null, al: null })}
                testId="reports-days-filter"
              />
            )}
            {closed && (
              <DaysFilter
                days={closed}
                kind="chiusi"
                onClear={() => setFilters({ chiuso_dal: null, chiuso_al: null })}
                testId="reports-closed-filter"
              />
            )}
            <Select
              label={t('reports.fields.completato')}
              placeholder={t('reports.filters.any')}
              data={[
                { value: 'true', label: t('reports.yes') },
                { value: 'false', label: t('reports.no') },
              ]}
              value={completato}
              onChange={(v) => setFilters({ completato: v })}
              clearable
              w={120}
            />
          </>
        }
        actions={
          <>
            <BulkActions selected={selected} onDone={() => setSelected([])} canDelete={canDelete} />
            <ExportMenu
              table="rapportini"
              route={routes.reports.exportList}
              fileName={t('reports.exportFile')}
              extra={
                canPrices
                  ? [
                      {
                        key: 'danea',
                        label: t('reports.danea.export'),
                        icon: <IconFileCode size={16} />,
                        route: routes.reports.daneaReports,
                        fileName: 'rapportini-easyfatt.xml',
                      },
                      {
                        // The ticked reports (closed, one customer's) as one e-invoice; the server names the file.
                        key: 'fatturapa',
                        label: t('reports.fatturaPa.export'),
                        icon: <IconFileInvoice size={16} />,
                        route: routes.reports.fatturaPaReports,
                        fileName: 'fatturapa.xml',
                        serverName: true,
                        query: { ids: selected.join(',') },
                        disabled: selected.length === 0,
                        hint: t('reports.fatturaPa.hint'),
                      },
                    ]
                  : undefined
              }
              query={{
                q,
                sort: state.sort,
                dir: state.dir,
                stato: stato ?? '',
                cliente_id: cliente ?? '',
                contratto_id: contratto ?? '',
                tecnico_id: tecnico ?? '',
                completato: completato ?? '',
                dal: periodo ? periodRange(periodo, today).dal : (days?.dal ?? ''),
                al: periodo ? periodRange(periodo, today).al : (days?.al ?? ''),
              }}
            />
            {canWrite && (
              <Button leftSection={<IconPlus size={18} />} onClick={() => void navigate('/new-intervention')}>
                {t('reports.new')}
              </Button>
            )}
          </>
        }
        searchLabel={t('reports.search')}
        emptyText={filtered ? t('reports.noMatch') : t('reports.empty')}
        cardTitle="cliente"
        caption={t('reports.caption')}
      />
      {!page.isFetching && page.data && page.data.totaleElementi > 0 && (
        <Group justify="flex-end">
          <Text size="sm" c="dimmed">
            {t('reports.count', { count: page.data.totaleElementi })}
          </Text>
        </Group>
      )}
    </Stack>
  );
}

/** A range of days from the address (a bar of /statistics: opening or closing days), shown as a filter to remove. */
function DaysFilter(p: {
  days: { dal?: string; al?: string };
  kind: 'giorni' | 'chiusi';
  onClear: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const range = { dal: formatDay(p.days.dal), al: formatDay(p.days.al) };
  return (
    <Button
      variant="light"
      rightSection={<IconX size={14} aria-hidden />}
      onClick={p.onClear}
      aria-label={t(`reports.filters.${p.kind}Clear`, range)}
      data-testid={p.testId}
    >
      {t(`reports.filters.${p.kind}Value`, range)}
    </Button>
  );
}
