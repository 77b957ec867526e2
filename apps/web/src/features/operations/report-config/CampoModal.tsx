import { useState } from 'react';
import { Button, Checkbox, Group, Modal, Select, Stack, TagsInput } from '@mantine/core';
import { TextInput } from '../../../app/components/TextFields';
import { useTranslation } from 'react-i18next';
import { CAMPO_MAX, CAMPO_POSIZIONI, CAMPO_TIPI, type CampoConfig, type CampoConfigSaveRequest } from '@fs/contract';
import { useGuardedClose } from '../../../app/guarded-close';
import { showSaveError } from '../../../app/form-errors';
import { notify } from '../../../app/notify';
import { useSaveCampo } from '../reports/api';

/** Creates or edits a custom field: name, type, default, mandatory, enabled, required value, position, visibility, choices. */
export function CampoModal({ campo, onClose }: { campo: CampoConfig | null; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveCampo();
  const [initial] = useState<CampoConfigSaveRequest>(() => ({
    ...(campo ? { id: campo.id } : {}),
    nome: campo?.nome ?? '',
    tipo: campo?.tipo ?? 'testo_breve',
    valore: campo?.valore ?? '',
    obbligatorio: campo?.obbligatorio ?? false,
    abilitazione: campo?.abilitazione ?? true,
    valore_richiesto: campo?.valore_richiesto ?? '',
    posizione: campo?.posizione ?? 'chiusura',
    visibilita: campo?.visibilita ?? { app: true, web: true, stampa: true },
    scelte: campo?.scelte ?? [],
    articolo_id: campo?.articolo_id ?? null,
  }));
  const [v, setV] = useState(initial);
  // Closing with something changed asks first, as every form does.
  const close = useGuardedClose({ isDirty: () => JSON.stringify(v) !== JSON.stringify(initial) }, onClose);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (p: Partial<CampoConfigSaveRequest>) => setV((x) => ({ ...x, ...p }));
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    save.mutate(v, {
      onSuccess: () => {
        notify.success(t('reportConfig.saved'));
        onClose();
      },
      onError: (err) => showSaveError(t, { setErrors }, err),
    });
  };
  return (
    <Modal opened onClose={close} title={campo ? t('reportConfig.editField') : t('reportConfig.newField')} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label={t('reportConfig.fields.nome')}
            required
            value={v.nome}
            onChange={(e) => set({ nome: e.currentTarget.value })}
            error={errors.nome}
            maxLength={CAMPO_MAX.nome}
            data-autofocus
          />
          <Group grow>
            <Select
              label={t('reportConfig.fields.tipo')}
              data={CAMPO_TIPI.map((x) => ({ value: x, label: t(`reportConfig.tipi.${x}`) }))}
              value={v.tipo}
              onChange={(x) => x && set({ tipo: x as typeof v.tipo })}
              allowDeselect={false}
              error={errors.tipo}
            />
            <Select
              label={t('reportConfig.fields.posizione')}
              data={CAMPO_POSIZIONI.map((x) => ({ value: x, label: t(`reportConfig.posizioni.${x}`) }))}
              value={v.posizione}
              onChange={(x) => x && set({ posizione: x as typeof v.posizione })}
              allowDeselect={false}
            />
          </Group>
          {v.tipo === 'scelta' && (
            <TagsInput
              label={t('reportConfig.fields.scelte')}
              description={t('reportConfig.scelteHint')}
              value={v.scelte}
              maxTags={CAMPO_MAX.scelte}
              onChange={(scelte) => set({ scelte })}
              error={errors.scelte}
            />
          )}
          <Group grow>
            <TextInput
              label={t('reportConfig.fields.valore')}
              description={t('reportConfig.valoreHint')}
              value={v.valore ?? ''}
              maxLength={CAMPO_MAX.valore}
              onChange={(e) => set({ valore: e.currentTarget.value })}
              error={errors.valore}
            />
            <TextInput
              label={t('reportConfig.fields.valore_richiesto')}
              description={t('reportConfig.richiestoHint')}
              value={v.valore_richiesto ?? ''}
              maxLength={CAMPO_MAX.valore}
              onChange={(e) => set({ valore_richiesto: e.currentTarget.value })}
              error={errors.valore_richiesto}
            />
          </Group>
          <Group>
            <Checkbox
              label={t('reportConfig.fields.obbligatorio')}
              checked={v.obbligatorio}
              onChange={(e) => set({ obbligatorio: e.currentTarget.checked })}
            />
            <Checkbox
              label={t('reportConfig.fields.abilitazione')}
              checked={v.abilitazione}
              onChange={(e) => set({ abilitazione: e.currentTarget.checked })}
            />
          </Group>
          <Group>
            {(['app', 'web', 'stampa'] as const).map((k) => (
              <Checkbox
                key={k}
                label={t(`reportConfig.visibilita.${k}`)}
                checked={v.visibilita![k]}
                onChange={(e) => set({ visibilita: { ...v.visibilita!, [k]: e.currentTarget.checked } })}
              />
            ))}
          </Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
