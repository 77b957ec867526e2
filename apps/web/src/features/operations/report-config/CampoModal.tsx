import { useState } from 'react';
import { Button, Checkbox, Group, Modal, Select, Stack, TagsInput } from '@mantine/core';
import { TextInput } from '../../../app/components/TextFields';
import { useTranslation } from 'react-i18next';
import {
  CUSTOM_FIELD_MAX,
  CUSTOM_FIELD_POSITIONS,
  CUSTOM_FIELD_TYPES,
  type CustomFieldConfig,
  type CustomFieldConfigSaveRequest,
  type CustomFieldType,
} from '@fs/contract';
import { useGuardedClose } from '../../../app/guarded-close';
import { showSaveError } from '../../../app/form-errors';
import { notify } from '../../../app/notify';
import { useSaveCampo } from '../reports/api';
import { campoBody } from './campo-form';
import { CampoValueInput } from './CampoValueInput';

/** A value a field of this type may be required to hold, as an example for the hint ("es. Sì", "es. 1,5"). */
function exampleOf(tipo: CustomFieldType, scelte: string[], t: (key: string) => string): string {
  return tipo === 'scelta' && scelte[0] ? scelte[0] : t(`reportConfig.examples.${tipo}`);
}

/** Creates or edits a custom field: name, type, default, mandatory, enabled, required value, position, visibility, choices. */
export function CampoModal({ campo, onClose }: { campo: CustomFieldConfig | null; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveCampo();
  const [initial] = useState<CustomFieldConfigSaveRequest>(() =>
    campo
      ? campoBody(campo)
      : {
          nome: '',
          tipo: 'testo_breve',
          valore: '',
          obbligatorio: false,
          abilitazione: true,
          valore_richiesto: '',
          posizione: 'chiusura',
          visibilita: { app: true, web: true, stampa: true },
          scelte: [],
          articolo_id: null,
        },
  );
  const [v, setV] = useState(initial);
  // Closing with something changed asks first, as every form does.
  const close = useGuardedClose({ isDirty: () => JSON.stringify(v) !== JSON.stringify(initial) }, onClose);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // A changed field drops its error, as in every form.
  const set = (p: Partial<CustomFieldConfigSaveRequest>) => {
    setV((x) => ({ ...x, ...p }));
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !(k in p))));
  };
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
            maxLength={CUSTOM_FIELD_MAX.nome}
            data-autofocus
          />
          <Group grow>
            <Select
              label={t('reportConfig.fields.tipo')}
              data={CUSTOM_FIELD_TYPES.map((x) => ({ value: x, label: t(`reportConfig.tipi.${x}`) }))}
              value={v.tipo}
              // Another type takes other values: the default and the required value start again.
              onChange={(x) =>
                x && x !== v.tipo && set({ tipo: x as CustomFieldType, valore: '', valore_richiesto: '' })
              }
              allowDeselect={false}
              error={errors.tipo}
            />
            <Select
              label={t('reportConfig.fields.posizione')}
              data={CUSTOM_FIELD_POSITIONS.map((x) => ({ value: x, label: t(`reportConfig.posizioni.${x}`) }))}
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
              maxTags={CUSTOM_FIELD_MAX.scelte}
              onChange={(scelte) => set({ scelte })}
              error={errors.scelte}
            />
          )}
          <Group grow align="flex-start">
            <CampoValueInput
              tipo={v.tipo}
              scelte={v.scelte ?? []}
              label={t('reportConfig.fields.valore')}
              description={t('reportConfig.valoreHint')}
              value={v.valore ?? ''}
              onChange={(valore) => set({ valore })}
              error={errors.valore}
            />
            <CampoValueInput
              tipo={v.tipo}
              scelte={v.scelte ?? []}
              label={t('reportConfig.fields.valore_richiesto')}
              description={t('reportConfig.richiestoHint', { example: exampleOf(v.tipo, v.scelte ?? [], t) })}
              value={v.valore_richiesto ?? ''}
              onChange={(valore_richiesto) => set({ valore_richiesto })}
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
