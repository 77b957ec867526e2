import { useState } from 'react';
import { Alert, Button, Group, Modal, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { Textarea, TextInput } from '../../../app/components/TextFields';
import { useForm } from '@mantine/form';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { maySeePrices, maySetPrices, VAT_NATURE_CODES, VAT_NATURES, type Article } from '@fs/contract';
import { usePermissions } from '../../../app/session/api';
import { errorText, formErrorsOf } from '../../../app/api/errors';
import { notify } from '../../../app/notify';
import { findSame, useSaveArticle } from './api';
import { articleValidation, toArticleRequest, toArticleValues, type ArticleValues } from './article-form';
import { confirmDuplicates } from '../../../app/confirm-duplicates';
import { useGuardedClose } from '../../../app/guarded-close';
import { DecimalInput } from '../../../app/components/DecimalInput';

interface Props {
  /** The article to edit; null creates one. */
  article: Article | null;
  /** Without anagrafica_articoli write: the fields are shown, not editable. */
  readOnly?: boolean;
  onClose: () => void;
}

type Same = Partial<Record<'codice' | 'riferimento_esterno', Article[]>>;

/**
 * Article form: the contract's rules checked before sending, and a warning
 * (not a refusal) when another article has the same code or external reference,
 * shown as soon as the field is left and again after saving.
 */
export function ArticleFormModal({ article, readOnly = false, onClose }: Props) {
  const { t } = useTranslation();
  const save = useSaveArticle();
  const creating = article === null;
  const form = useForm<ArticleValues>({ initialValues: toArticleValues(article), validate: articleValidation(t) });
  const close = useGuardedClose(form, onClose);
  const [same, setSame] = useState<Same>({});
  // Prices: shown with the prices permission, typed with read and write (the server ignores anyone else's).
  const permissions = usePermissions().data?.permissions;
  const seePrices = permissions ? maySeePrices(permissions) : false;
  const setPrices = permissions ? maySetPrices(permissions) : false;

  const check = (field: 'codice' | 'riferimento_esterno') => async () => {
    const value = form.values[field];
    try {
      const found = await findSame(field, value, article?.id);
      setSame((s) => ({ ...s, [field]: found }));
    } catch {
      // The warning is a courtesy: the save answers the same warnings.
    }
  };

  const send = (values: ArticleValues, confermaDuplicati = false) =>
    save.mutate(
      { ...toArticleRequest(values, article?.id), ...(confermaDuplicati ? { confermaDuplicati } : {}) },
      {
        onSuccess: (r) => {
          notify.success(t(creating ? 'articles.form.created' : 'articles.form.saved'));
          for (const w of r.warnings) {
            notify.warning(
              t(`articles.form.duplicate.${w.field}`, {
                list: w.articoli.map((a) => `${a.codice} – ${a.descrizione}`).join(', '),
              }),
            );
          }
          onClose();
        },
        onError: (error) => {
          if (confirmDuplicates(t, error, () => send(values, true))) return;
          // Invalid fields and a code another article has (DUPLICATE_CODE) go on their fields.
          const fieldErrors = formErrorsOf(error);
          if (fieldErrors) {
            form.setErrors(fieldErrors);
            notify.warning(t('articles.form.invalid'));
          } else notify.error(errorText(t, error));
        },
      },
    );
  const submit = form.onSubmit(
    (values) => send(values),
    () => notify.warning(t('articles.form.invalid')),
  );

  const warning = (field: 'codice' | 'riferimento_esterno') => {
    const list = same[field];
    if (!list?.length) return null;
    return (
      <Alert color="yellow" icon={<IconAlertTriangle size={18} />} p="xs" role="status">
        <Text size="sm">
          {t(`articles.form.duplicate.${field}`, {
            list: list.map((a) => `${a.codice} – ${a.descrizione}`).join(', '),
          })}
        </Text>
      </Alert>
    );
  };

  const title = t(
    creating ? 'articles.form.newTitle' : readOnly ? 'articles.form.viewTitle' : 'articles.form.editTitle',
  );
  return (
    <Modal opened onClose={close} size="lg" title={title}>
      <form onSubmit={submit} noValidate aria-label={title}>
        <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                label={t('articles.fields.codice')}
                required
                maxLength={50}
                data-autofocus
                {...form.getInputProps('codice')}
                onBlur={check('codice')}
              />
              <TextInput
                label={t('articles.fields.riferimento_esterno')}
                maxLength={100}
                {...form.getInputProps('riferimento_esterno')}
                onBlur={check('riferimento_esterno')}
              />
            </SimpleGrid>
            {warning('codice')}
            {warning('riferimento_esterno')}
            <TextInput
              label={t('articles.fields.descrizione')}
              required
              maxLength={500}
              {...form.getInputProps('descrizione')}
            />
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
              <TextInput
                label={t('articles.fields.unita_misura')}
                maxLength={20}
                placeholder={t('articles.form.unitPlaceholder')}
                {...form.getInputProps('unita_misura')}
              />
              {seePrices && (
                <>
                  <DecimalInput
                    money
                    label={t('articles.fields.prezzo_vendita')}
                    disabled={!setPrices}
                    {...form.getInputProps('prezzo_vendita')}
                  />
                  <DecimalInput
                    money
                    label={t('articles.fields.prezzo_acquisto')}
                    disabled={!setPrices}
                    {...form.getInputProps('prezzo_acquisto')}
                  />
                </>
              )}
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
              <DecimalInput
                label={t('articles.fields.aliquota_iva')}
                placeholder={t('articles.form.vat.defaultRate')}
                rightSection="%"
                {...form.getInputProps('aliquota_iva')}
              />
              <Select
                label={t('articles.fields.natura_iva')}
                description={t('articles.form.vat.natureHint')}
                placeholder={t('articles.form.vat.noNature')}
                data={VAT_NATURE_CODES.map((n) => ({ value: n, label: `${n} – ${VAT_NATURES[n]}` }))}
                clearable
                searchable
                comboboxProps={{ withinPortal: true }}
                style={{ gridColumn: 'span 2' }}
                {...form.getInputProps('natura_iva')}
                value={form.values.natura_iva || null}
                onChange={(v) => form.setFieldValue('natura_iva', v ?? '')}
              />
            </SimpleGrid>
            <Textarea
              label={t('articles.fields.note')}
              autosize
              minRows={2}
              maxRows={6}
              maxLength={2000}
              {...form.getInputProps('note')}
            />
          </Stack>
        </fieldset>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={close}>
            {t(readOnly ? 'articles.form.close' : 'common.cancel')}
          </Button>
          {!readOnly && (
            <Button type="submit" loading={save.isPending}>
              {t('common.save')}
            </Button>
          )}
        </Group>
      </form>
    </Modal>
  );
}
