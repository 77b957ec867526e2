import { useState } from 'react';
import { ActionIcon, Alert, Badge, Button, Group, Paper, Stack, Tabs, Text, Title, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconArrowDown, IconArrowUp, IconGripVertical, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CUSTOM_FIELD_POSITIONS, type CustomFieldConfig } from '@fs/contract';
import { errorText } from '../../../app/api/errors';
import { LoadError } from '../../../app/components/LoadError';
import { notify } from '../../../app/notify';
import { useCan, useSessionUser } from '../../../app/session/api';
import { usePageTitle } from '../../../app/use-page-title';
import { useCampiConfig, useRemoveCampo, useSaveCampo } from '../reports/api';
import { campoBody } from './campo-form';
import { CampoModal } from './CampoModal';
import { NumberingForm } from './NumberingForm';

/** /custom-intervention: the report's custom fields by position (ordered by dragging) and the numbering. */
export function CustomInterventionPage() {
  const { t } = useTranslation();
  usePageTitle(t('reportConfig.title'));
  const me = useSessionUser().data;
  const lite = me?.aziendamap.subscription_type === 'lite';
  const canWrite = useCan('personalizza_interventi', 'write') === true;
  const canDelete = useCan('personalizza_interventi', 'delete') === true;
  // On the lite plan the configuration list is not loaded (spec operations 1).
  const campi = useCampiConfig(!lite);
  const save = useSaveCampo();
  const remove = useRemoveCampo();
  const [editing, setEditing] = useState<{ campo: CustomFieldConfig | null } | null>(null);
  const [dragged, setDragged] = useState<string | null>(null);

  const reorder = (campo: CustomFieldConfig, order: string[]) =>
    save.mutate({ ...campoBody(campo), ordine_posizione: order }, { onError: (e) => notify.error(errorText(t, e)) });
  const move = (list: CustomFieldConfig[], from: number, to: number) => {
    if (to < 0 || to >= list.length) return;
    const ids = list.map((c) => c.id);
    const [x] = ids.splice(from, 1);
    ids.splice(to, 0, x!);
    reorder(list[from]!, ids);
  };
  const confirmRemove = (c: CustomFieldConfig) =>
    modals.openConfirmModal({
      title: t('reportConfig.remove.title'),
      children: <Text size="sm">{t('reportConfig.remove.text', { nome: c.nome })}</Text>,
      labels: { confirm: t('reportConfig.remove.confirm'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(c.id, {
          onSuccess: (r) =>
            notify.success(t(r.esito === 'hidden' ? 'reportConfig.remove.hidden' : 'reportConfig.remove.done')),
          onError: (e) => notify.error(errorText(t, e)),
        }),
    });

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('reportConfig.title')}</Title>
        <Text c="dimmed">{t('reportConfig.subtitle')}</Text>
      </div>
      <Tabs defaultValue="campi" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="campi">{t('reportConfig.tabs.campi')}</Tabs.Tab>
          <Tabs.Tab value="numerazione">{t('reportConfig.tabs.numerazione')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="campi" pt="md">
          {lite ? (
            <Alert color="yellow">{t('reportConfig.lite')}</Alert>
          ) : campi.error ? (
            <LoadError error={campi.error} onRetry={() => void campi.refetch()} />
          ) : (
            <Stack>
              {canWrite && (
                <Group justify="flex-end">
                  <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing({ campo: null })}>
                    {t('reportConfig.newField')}
                  </Button>
                </Group>
              )}
              {CUSTOM_FIELD_POSITIONS.map((pos) => {
                const list = (campi.data ?? []).filter((c) => c.posizione === pos).sort((a, b) => a.ordine - b.ordine);
                return (
                  <Paper
                    key={pos}
                    withBorder
                    p="md"
                    radius="md"
                    component="section"
                    aria-label={t(`reportConfig.posizioni.${pos}`)}
                  >
                    <Title order={2} size="h5" mb="xs">
                      {t(`reportConfig.posizioni.${pos}`)}
                    </Title>
                    {list.length === 0 && (
                      <Text c="dimmed" size="sm">
                        {t('reportConfig.noFields')}
                      </Text>
                    )}
                    <Stack gap={6}>
                      {list.map((c, i) => (
                        <Group
                          key={c.id}
                          justify="space-between"
                          wrap="nowrap"
                          p={6}
                          style={{
                            border: '1px solid var(--mantine-color-gray-3)',
                            borderRadius: 6,
                            opacity: dragged === c.id ? 0.5 : 1,
                          }}
                          draggable={canWrite}
                          onDragStart={() => setDragged(c.id)}
                          onDragEnd={() => setDragged(null)}
                          onDragOver={(e) => e.preventDefault()}
                          onDrop={() => {
                            const from = list.findIndex((x) => x.id === dragged);
                            if (from >= 0 && from !== i) move(list, from, i);
                            setDragged(null);
                          }}
                          data-testid={`campo-${c.nome}`}
                        >
                          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                            {canWrite && (
                              <IconGripVertical size={16} aria-hidden style={{ cursor: 'grab', flex: 'none' }} />
                            )}
                            <Text fw={500} truncate>
                              {c.nome}
                            </Text>
                            <Badge variant="light" size="sm">
                              {t(`reportConfig.tipi.${c.tipo}`)}
                            </Badge>
                            {c.obbligatorio && (
                              <Badge color="red" variant="light" size="sm">
                                {t('reportConfig.fields.obbligatorio')}
                              </Badge>
                            )}
                            {!c.abilitazione && (
                              <Badge color="gray" size="sm">
                                {t('reportConfig.disabled')}
                              </Badge>
                            )}
                          </Group>
                          <Group gap={2} wrap="nowrap">
                            {canWrite && (
                              <>
                                <ActionIcon
                                  variant="subtle"
                                  onClick={() => move(list, i, i - 1)}
                                  disabled={i === 0}
                                  aria-label={t('reportConfig.up', { nome: c.nome })}
                                >
                                  <IconArrowUp size={16} />
                                </ActionIcon>
                                <ActionIcon
                                  variant="subtle"
                                  onClick={() => move(list, i, i + 1)}
                                  disabled={i === list.length - 1}
                                  aria-label={t('reportConfig.down', { nome: c.nome })}
                                >
                                  <IconArrowDown size={16} />
                                </ActionIcon>
                                <Tooltip label={t('reportConfig.editField')}>
                                  <ActionIcon
                                    variant="subtle"
                                    onClick={() => setEditing({ campo: c })}
                                    aria-label={t('reportConfig.editNamed', { nome: c.nome })}
                                  >
                                    <IconPencil size={16} />
                                  </ActionIcon>
                                </Tooltip>
                              </>
                            )}
                            {canDelete && (
                              <ActionIcon
                                variant="subtle"
                                color="red"
                                onClick={() => confirmRemove(c)}
                                aria-label={t('reportConfig.removeNamed', { nome: c.nome })}
                              >
                                <IconTrash size={16} />
                              </ActionIcon>
                            )}
                          </Group>
                        </Group>
                      ))}
                    </Stack>
                  </Paper>
                );
              })}
            </Stack>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="numerazione" pt="md">
          <NumberingForm readOnly={!canWrite} />
        </Tabs.Panel>
      </Tabs>
      {editing && (
        <CampoModal key={editing.campo?.id ?? 'new'} campo={editing.campo} onClose={() => setEditing(null)} />
      )}
    </Stack>
  );
}
