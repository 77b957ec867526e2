import { useState } from 'react';
import { ActionIcon, Button, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CONTRACT_MAX } from '@fs/contract';
import { emptyActivity, type ActivityDraft } from './activity-form';
import { ActivityModal } from './ActivityModal';
import type { ContractForm } from './contract-form';
import { activityLine } from './summary';

/** The wizard's activities: a list to add to, edit and remove from (saved with the contract). */
export function ActivitiesEditor({
  form,
  set,
  errors = {},
}: {
  form: ContractForm;
  set: (patch: Partial<ContractForm>) => void;
  /** The contract's errors: those of `attivita.N.*` are shown under activity N. */
  errors?: Record<string, string>;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<{ draft: ActivityDraft; isNew: boolean } | null>(null);
  const period = {
    data_inizio: form.data_inizio,
    data_fine: form.data_fine,
    mesi_rinnovo: form.rinnovo_automatico && form.mesi_rinnovo !== '' ? form.mesi_rinnovo : null,
  };
  const save = (d: ActivityDraft) => {
    const exists = form.attivita.some((a) => a.key === d.key);
    set({ attivita: exists ? form.attivita.map((a) => (a.key === d.key ? d : a)) : [...form.attivita, d] });
    setEditing(null);
  };
  return (
    <Stack gap="xs">
      {form.attivita.length === 0 && (
        <Text size="sm" c="dimmed" fs="italic">
          {t('contracts.activities.none')}
        </Text>
      )}
      {form.attivita.map((a, i) => {
        const problem = Object.entries(errors).find(([k]) => k.startsWith(`attivita.${i}.`))?.[1];
        return (
          <Paper
            key={a.key}
            withBorder
            p="sm"
            radius="md"
            style={problem ? { borderColor: 'var(--mantine-color-red-6)' } : undefined}
          >
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {activityLine(a, t)}
              </Text>
              <Group gap={4} wrap="nowrap">
                <Tooltip label={t('contracts.activities.edit')}>
                  <ActionIcon
                    variant="subtle"
                    size="lg"
                    aria-label={t('contracts.activities.editName', { name: a.nome })}
                    onClick={() => setEditing({ draft: a, isNew: false })}
                  >
                    <IconPencil size={18} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label={t('contracts.activities.remove')}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    aria-label={t('contracts.activities.removeName', { name: a.nome })}
                    onClick={() => set({ attivita: form.attivita.filter((x) => x.key !== a.key) })}
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            </Group>
            {problem && (
              <Text size="sm" c="red" mt={4}>
                {problem}
              </Text>
            )}
          </Paper>
        );
      })}
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          onClick={() => setEditing({ draft: emptyActivity(), isNew: true })}
          disabled={form.attivita.length >= CONTRACT_MAX.attivita}
        >
          {t('contracts.activities.add')}
        </Button>
      </Group>
      {editing && (
        <ActivityModal
          initial={editing.draft}
          period={period}
          clienteId={form.cliente_id}
          title={editing.isNew ? t('contracts.activities.newTitle') : t('contracts.activities.editTitle')}
          onSave={save}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}
