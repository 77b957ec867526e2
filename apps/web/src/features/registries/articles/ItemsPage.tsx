import { useState } from 'react';
import { ActionIcon, Button, Stack, Text, Title, Tooltip } from '@mantine/core';
import { TextInput } from '../../../app/components/TextFields';
import { modals } from '@mantine/modals';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ARTICLES_TABLE, routes, type Article, vatRateLabel } from '@fs/contract';
import { DataTable, pageQueryProps } from '../../../app/components/DataTable';
import { useDebounced } from '../../../app/components/list-state';
import { filterRules, sortsOf, useListParams } from '../../../app/components/list-url';
import { errorText } from '../../../app/api/errors';
import { notify } from '../../../app/notify';
import { usePageTitle } from '../../../app/use-page-title';
import { useCan } from '../../../app/session/api';
import { useArticlesPage, useRemoveArticles } from './api';
import { ArticleFormModal } from './ArticleFormModal';
import { formatMoney } from '../../../app/numbers';
import { ExportMenu } from '../../../app/components/ExportMenu';

/** The list's address: external reference and unit, besides search, sort and page. */
const LIST = {
  sort: ARTICLES_TABLE.defaultSort,
  sorts: sortsOf(ARTICLES_TABLE),
  filters: { riferimento_esterno: filterRules.text(), unita_misura: filterRules.text() },
};

/** /items: the company's articles, paged on the server, with search as you type and the column chooser. */
export function ItemsPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('articles.title'));
  const canWrite = useCan('anagrafica_articoli', 'write') === true;
  const canDelete = useCan('anagrafica_articoli', 'delete') === true;
  const list = useListParams(LIST);
  const { state, setState, search, setSearch } = list;
  const filterText = list.filters;
  const q = useDebounced(search.trim());
  const filters = useDebounced(filterText);
  const [editing, setEditing] = useState<{ article: Article | null } | null>(null);
  const remove = useRemoveArticles();

  const page = useArticlesPage({
    page: state.page,
    size: state.size,
    sort: state.sort as 'codice',
    dir: state.dir,
    ...(q ? { q } : {}),
    filters: {
      ...(filters.riferimento_esterno.trim() ? { riferimento_esterno: filters.riferimento_esterno.trim() } : {}),
      ...(filters.unita_misura.trim() ? { unita_misura: filters.unita_misura.trim() } : {}),
    },
  });

  const confirmDelete = (a: Article) =>
    modals.openConfirmModal({
      title: t('articles.delete.title'),
      children: <Text size="sm">{t('articles.delete.text', { codice: a.codice, descrizione: a.descrizione })}</Text>,
      labels: { confirm: t('articles.delete.confirm'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate([a.id], {
          onSuccess: () => notify.success(t('articles.delete.done')),
          onError: (e) => notify.error(errorText(t, e)),
        }),
    });

  const setFilter = (key: keyof typeof filterText) => (e: React.ChangeEvent<HTMLInputElement>) => {
    list.setFilters({ [key]: e.currentTarget.value });
  };

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('articles.title')}</Title>
        <Text c="dimmed">{t('articles.subtitle')}</Text>
      </div>
      <DataTable<Article>
        table="articoli"
        {...pageQueryProps(page)}
        state={state}
        onStateChange={setState}
        search={search}
        onSearchChange={setSearch}
        rowKey={(a) => a.id}
        renderCell={(a, key) => {
          if (key === 'prezzo_vendita' || key === 'prezzo_acquisto') return formatMoney(a[key], i18n.language);
          if (key === 'aliquota_iva')
            return a.aliquota_iva === null
              ? t('articles.form.vat.defaultRate')
              : vatRateLabel({ aliquota: a.aliquota_iva, natura: null });
          const v = a[key as keyof Article];
          return v ?? '';
        }}
        onOpen={(a) => setEditing({ article: a })}
        rowActions={(a) => (
          <>
            <Tooltip label={t(canWrite ? 'articles.edit' : 'articles.view')}>
              <ActionIcon
                variant="subtle"
                onClick={() => setEditing({ article: a })}
                aria-label={t('articles.editNamed', { codice: a.codice })}
              >
                <IconPencil size={16} />
              </ActionIcon>
            </Tooltip>
            {canDelete && (
              <Tooltip label={t('articles.delete.confirm')}>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  onClick={() => confirmDelete(a)}
                  aria-label={t('articles.deleteNamed', { codice: a.codice })}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Tooltip>
            )}
          </>
        )}
        activeFilters={[filters.riferimento_esterno.trim(), filters.unita_misura.trim()].filter(Boolean).length}
        filters={
          <>
            <TextInput
              label={t('articles.fields.riferimento_esterno')}
              value={filterText.riferimento_esterno}
              onChange={setFilter('riferimento_esterno')}
              w={180}
              maxLength={100}
            />
            <TextInput
              label={t('articles.fields.unita_misura')}
              value={filterText.unita_misura}
              onChange={setFilter('unita_misura')}
              w={130}
              maxLength={100}
            />
          </>
        }
        actions={
          <>
            <ExportMenu
              table="articoli"
              route={routes.articles.exportCsv}
              fileName={t('articles.exportFile')}
              query={{
                q,
                sort: state.sort,
                dir: state.dir,
                riferimento_esterno: filters.riferimento_esterno.trim(),
                unita_misura: filters.unita_misura.trim(),
              }}
            />
            {canWrite && (
              <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing({ article: null })}>
                {t('articles.new')}
              </Button>
            )}
          </>
        }
        searchLabel={t('articles.search')}
        shortSearchHint={t('articles.shortSearch')}
        emptyText={
          q || filters.riferimento_esterno || filters.unita_misura ? t('articles.noMatch') : t('articles.empty')
        }
        cardTitle="descrizione"
        caption={t('articles.caption')}
      />
      {editing && (canWrite || editing.article) && (
        <ArticleFormModal
          key={editing.article?.id ?? 'new'}
          article={editing.article}
          readOnly={!canWrite}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}
