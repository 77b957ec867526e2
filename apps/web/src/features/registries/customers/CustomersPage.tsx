import { useState } from 'react';
import { ActionIcon, Button, Select, Stack, Text, Title, Tooltip } from '@mantine/core';
import { TextInput } from '../../../app/components/TextFields';
import { modals } from '@mantine/modals';
import { IconMapPinOff, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CUSTOMERS_TABLE, routes, type Customer, type CustomersFilters } from '@fs/contract';
import { DataTable, pageQueryProps } from '../../../app/components/DataTable';
import { mailLink, phoneLink } from '../../../app/components/contact-links';
import { ExportMenu } from '../../../app/components/ExportMenu';
import { useDebounced } from '../../../app/components/list-state';
import { filterRules, sortsOf, useListParams } from '../../../app/components/list-url';
import { errorText } from '../../../app/api/errors';
import { formatDate } from '../../../app/format';
import { notify } from '../../../app/notify';
import { formatDecimal } from '../../../app/numbers';
import { usePageTitle } from '../../../app/use-page-title';
import { useCan } from '../../../app/session/api';
import { useCustomersPage, useRemoveCustomers } from './api';
import { CustomerFormModal } from './CustomerFormModal';

/** The list's address: city, province and placed on the map, besides search, sort and page. */
const LIST = {
  sort: CUSTOMERS_TABLE.defaultSort,
  sorts: sortsOf(CUSTOMERS_TABLE),
  filters: {
    citta: filterRules.text(),
    provincia: filterRules.text(10),
    geolocalizzato: filterRules.oneOf(['true', 'false']),
  },
};
type FilterKey = keyof typeof LIST.filters;

/** /customers: the company's customers, paged, sorted and filtered on the server, with the column chooser. */
export function CustomersPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('customers.title'));
  const navigate = useNavigate();
  const canWrite = useCan('anagrafica_clienti', 'write') === true;
  const canDelete = useCan('anagrafica_clienti', 'delete') === true;
  const list = useListParams(LIST);
  const { state, setState, search, setSearch } = list;
  const filterText = list.filters;
  const q = useDebounced(search.trim());
  const f = useDebounced(filterText);
  const filters: CustomersFilters = {
    citta: f.citta.trim() || undefined,
    provincia: f.provincia.trim().toUpperCase() || undefined,
    nazione: undefined,
    ...(f.geolocalizzato ? { geolocalizzato: f.geolocalizzato as 'true' | 'false' } : {}),
  };
  const page = useCustomersPage(state, q, filters);
  const remove = useRemoveCustomers();
  const [editing, setEditing] = useState<{ customer: Customer | null } | null>(null);

  const confirmDelete = (c: Customer) =>
    modals.openConfirmModal({
      title: t('customers.delete.title'),
      children: <Text size="sm">{t('customers.delete.text', { name: c.ragione_sociale })}</Text>,
      labels: { confirm: t('customers.delete.confirm'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate([c.id], {
          onSuccess: () => notify.success(t('customers.delete.done')),
          onError: (e) => notify.error(errorText(t, e)),
        }),
    });

  const setFilter = (key: FilterKey, value: string) => list.setFilters({ [key]: value });
  const filtered = !!(q || filters.citta || filters.provincia || f.geolocalizzato);

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('customers.title')}</Title>
        <Text c="dimmed">{t('customers.subtitle')}</Text>
      </div>
      <DataTable<Customer>
        table="clienti"
        {...pageQueryProps(page)}
        state={state}
        onStateChange={setState}
        search={search}
        onSearchChange={setSearch}
        rowKey={(c) => c.id}
        renderCell={(c, key) => {
          if (key === 'created_at') return formatDate(c.created_at);
          if (key === 'km_viaggio' || key === 'ore_viaggio') return formatDecimal(c[key], i18n.language);
          // A number calls, an address writes (the dialler and the mail app on a phone, in the table and the cards).
          if (key === 'telefono' || key === 'cellulare') return phoneLink(c[key]);
          if (key === 'email' || key === 'pec') return mailLink(c[key]);
          if (key === 'ragione_sociale') {
            return (
              <>
                {c.ragione_sociale}
                {c.latitude === null && (
                  <Tooltip label={t('customers.notPlaced')}>
                    <IconMapPinOff
                      size={14}
                      style={{ marginLeft: 6, verticalAlign: 'middle' }}
                      aria-label={t('customers.notPlaced')}
                    />
                  </Tooltip>
                )}
              </>
            );
          }
          const v = c[key as keyof Customer];
          return v === null || v === undefined ? '' : String(v);
        }}
        onOpen={(c) => void navigate(`/customers/${c.id}`)}
        rowActions={(c) => (
          <>
            {canWrite && (
              <Tooltip label={t('customers.edit')}>
                <ActionIcon
                  variant="subtle"
                  onClick={() => setEditing({ customer: c })}
                  aria-label={t('customers.editNamed', { name: c.ragione_sociale })}
                >
                  <IconPencil size={16} />
                </ActionIcon>
              </Tooltip>
            )}
            {canDelete && (
              <Tooltip label={t('customers.delete.confirm')}>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  onClick={() => confirmDelete(c)}
                  aria-label={t('customers.deleteNamed', { name: c.ragione_sociale })}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Tooltip>
            )}
          </>
        )}
        activeFilters={[filters.citta, filters.provincia, f.geolocalizzato].filter(Boolean).length}
        filters={
          <>
            <TextInput
              label={t('customers.fields.citta')}
              value={filterText.citta}
              onChange={(e) => setFilter('citta', e.currentTarget.value)}
              w={160}
              maxLength={100}
            />
            <TextInput
              label={t('customers.fields.provincia')}
              value={filterText.provincia}
              onChange={(e) => setFilter('provincia', e.currentTarget.value)}
              w={100}
              maxLength={10}
            />
            <Select
              label={t('customers.filters.map')}
              value={filterText.geolocalizzato}
              onChange={(v) => setFilter('geolocalizzato', v ?? '')}
              data={[
                { value: '', label: t('customers.filters.all') },
                { value: 'true', label: t('customers.filters.placed') },
                { value: 'false', label: t('customers.filters.notPlaced') },
              ]}
              allowDeselect={false}
              w={170}
            />
          </>
        }
        actions={
          <>
            <ExportMenu
              table="clienti"
              route={routes.customers.exportCsv}
              fileName={t('customers.exportFile')}
              query={{ q, sort: state.sort, dir: state.dir, ...filters }}
            />
            {canWrite && (
              <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing({ customer: null })}>
                {t('customers.new')}
              </Button>
            )}
          </>
        }
        searchLabel={t('customers.search')}
        searchPlaceholder={t('customers.searchHint')}
        shortSearchHint={t('customers.shortSearch')}
        emptyText={filtered ? t('customers.noMatch') : t('customers.empty')}
        cardTitle="ragione_sociale"
        caption={t('customers.caption')}
      />
      {editing && (
        <CustomerFormModal
          key={editing.customer?.id ?? 'new'}
          customer={editing.customer}
          onClose={() => setEditing(null)}
          onSaved={(r) => {
            if (!editing.customer) void navigate(`/customers/${r.item.id}`);
          }}
        />
      )}
    </Stack>
  );
}
