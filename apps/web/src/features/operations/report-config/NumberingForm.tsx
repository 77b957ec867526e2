import { useEffect, useState } from 'react';
import { Button, Checkbox, Group, NumberInput, Paper, Stack, Text } from '@mantine/core';
import { TextInput } from '../../../app/components/TextFields';
import { useTranslation } from 'react-i18next';
import { formatNumero, type NumberingSaveRequest } from '@fs/contract';
import { showSaveError } from '../../../app/form-errors';
import { notify } from '../../../app/notify';
import { useNumerazione, useSaveNumerazione } from '../reports/api';

/** The numbering of reports: prefix, pattern, digits, yearly reset, the next number, with a live preview. */
export function NumberingForm({ readOnly }: { readOnly: boolean }) {
  const { t } = useTranslation();
  const current = useNumerazione();
  const save = useSaveNumerazione();
  const [v, setV] = useState<NumberingSaveRequest | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (current.data && !v) {
      const { prefisso, formato, cifre, azzeramento_annuale, prossimo_numero } = current.data;
      setV({ prefisso, formato, cifre, azzeramento_annuale, prossimo_numero });
    }
  }, [current.data, v]);
  if (!v || !current.data) return null;
  const set = (p: Partial<NumberingSaveRequest>) => setV((x) => ({ ...x!, ...p }));
  const preview = formatNumero(
    { prefisso: v.prefisso, formato: v.formato, cifre: v.cifre || 1 },
    new Date().getFullYear(),
    v.prossimo_numero ?? 1,
  );
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const body = {
      ...v,
      ...(v.prossimo_numero === current.data!.prossimo_numero ? { prossimo_numero: undefined } : {}),
    };
    save.mutate(body, {
      onSuccess: () => {
        setErrors({});
        notify.success(t('reportConfig.numbering.saved'));
      },
      onError: (err) => showSaveError(t, { setErrors }, err),
    });
  };
  return (
    <Paper withBorder p="md" radius="md" maw={640}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Group grow>
            <TextInput
              label={t('reportConfig.numbering.prefisso')}
              value={v.prefisso}
              onChange={(e) => set({ prefisso: e.currentTarget.value })}
              error={errors.prefisso}
              maxLength={20}
              disabled={readOnly}
            />
            <TextInput
              label={t('reportConfig.numbering.formato')}
              description="{PREFISSO} {ANNO} {AA} {NUMERO}"
              value={v.formato}
              onChange={(e) => set({ formato: e.currentTarget.value })}
              error={errors.formato}
              maxLength={60}
              disabled={readOnly}
            />
          </Group>
          <Group grow>
            <NumberInput
              label={t('reportConfig.numbering.cifre')}
              min={1}
              max={10}
              value={v.cifre}
              onChange={(x) => set({ cifre: Number(x) || 1 })}
              error={errors.cifre}
              disabled={readOnly}
            />
            <NumberInput
              label={t('reportConfig.numbering.prossimo')}
              min={current.data.prossimo_numero}
              value={v.prossimo_numero}
              onChange={(x) => set({ prossimo_numero: Number(x) || undefined })}
              error={errors.prossimo_numero}
              disabled={readOnly}
              thousandSeparator="."
              decimalSeparator=","
            />
          </Group>
          <Checkbox
            label={t('reportConfig.numbering.azzeramento')}
            checked={v.azzeramento_annuale}
            onChange={(e) => set({ azzeramento_annuale: e.currentTarget.checked })}
            disabled={readOnly}
          />
          <Text>
            {t('reportConfig.numbering.preview')}: <strong data-testid="numbering-preview">{preview}</strong>
          </Text>
          {!readOnly && (
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending}>
                {t('common.save')}
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
