import { useState } from 'react';
import { Anchor, Button, Checkbox, Code, Collapse, Group, Modal, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { webhookUrl, type WebhookItem } from '@fs/contract';
import { errorText, formErrorsOf } from '../../../../app/api/errors';
import { useGuardedClose } from '../../../../app/guarded-close';
import { LoadError } from '../../../../app/components/LoadError';
import { PageLoader } from '../../../../app/components/PageLoader';
import { useSaveWebhook, useWebhookDictionary } from './api';
import { describe, groupByArea, type DictionaryEntry } from './events';

export interface WebhookModalProps {
  /** The endpoint to edit; none for a new one. */
  item?: WebhookItem;
  onClose: () => void;
  /** A new endpoint was made: its secret, this once. */
  onCreated: (secret: string) => void;
  /** An endpoint was updated. */
  onSaved: () => void;
}

/** A new endpoint or an existing one: URL, description, the events it receives, active or not. */
export function WebhookModal({ item, onClose, onCreated, onSaved }: WebhookModalProps) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  const dictionary = useWebhookDictionary();
  const save = useSaveWebhook();
  const [url, setUrl] = useState(item?.url ?? '');
  const [descrizione, setDescrizione] = useState(item?.descrizione ?? '');
  const [eventi, setEventi] = useState<Set<string>>(new Set(item?.eventi ?? []));
  const [attivo, setAttivo] = useState(item ? item.stato === 'ATTIVO' : true);
  const [tried, setTried] = useState(false);
  const initialEvents = [...(item?.eventi ?? [])].sort().join();
  const close = useGuardedClose(
    {
      isDirty: () =>
        url !== (item?.url ?? '') ||
        descrizione !== (item?.descrizione ?? '') ||
        [...eventi].sort().join() !== initialEvents ||
        attivo !== (item ? item.stato === 'ATTIVO' : true),
    },
    onClose,
  );

  const parsedUrl = webhookUrl.safeParse(url);
  const serverErrors = formErrorsOf(save.error) ?? {};
  const urlError = (tried && !parsedUrl.success ? parsedUrl.error.issues[0]?.message : undefined) ?? serverErrors.url;
  const eventsError =
    (tried && eventi.size === 0 ? t('integrations.webhooks.form.eventsRequired') : undefined) ?? serverErrors.eventi;
  const otherError = save.isError && !serverErrors.url && !serverErrors.eventi ? errorText(t, save.error) : null;

  const submit = () => {
    setTried(true);
    save.reset();
    if (!parsedUrl.success || eventi.size === 0) return;
    save.mutate(
      {
        ...(item ? { id: item.id } : {}),
        url: parsedUrl.data,
        descrizione: descrizione.trim(),
        eventi: [...eventi],
        attivo,
      },
      { onSuccess: (r) => (!item && r.segreto ? onCreated(r.segreto) : onSaved()) },
    );
  };

  return (
    <Modal
      opened
      onClose={close}
      title={item ? t('integrations.webhooks.form.editTitle') : t('integrations.webhooks.new')}
      size="xl"
      fullScreen={phone}
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack>
          <TextInput
            label={t('integrations.webhooks.url')}
            description={t('integrations.webhooks.form.urlHint')}
            placeholder="https://"
            value={url}
            onChange={(e) => {
              setUrl(e.currentTarget.value);
              if (serverErrors.url) save.reset();
            }}
            error={urlError}
            required
            data-autofocus
            type="url"
            inputMode="url"
          />
          <TextInput
            label={t('integrations.webhooks.description')}
            description={t('integrations.webhooks.form.descriptionHint')}
            value={descrizione}
            onChange={(e) => setDescrizione(e.currentTarget.value)}
            maxLength={200}
          />
          {dictionary.isError && <LoadError error={dictionary.error} onRetry={() => void dictionary.refetch()} />}
          {dictionary.isPending && <PageLoader />}
          {dictionary.data && (
            <EventPicker entries={dictionary.data} value={eventi} onChange={setEventi} error={eventsError} />
          )}
          <Switch
            label={t('integrations.webhooks.form.active')}
            description={t('integrations.webhooks.form.activeHint')}
            checked={attivo}
            onChange={(e) => setAttivo(e.currentTarget.checked)}
          />
          {otherError && (
            <Text c="red" size="sm" role="alert">
              {otherError}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {item ? t('common.save') : t('integrations.webhooks.form.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

interface EventPickerProps {
  entries: DictionaryEntry[];
  value: Set<string>;
  onChange: (next: Set<string>) => void;
  error?: string;
}

/** The dictionary's events by area, each with its description and an example body to open. */
function EventPicker({ entries, value, onChange, error }: EventPickerProps) {
  const { t, i18n } = useTranslation();
  const all = entries.map((e) => e.evento);
  const chosen = all.filter((e) => value.has(e)).length;
  const setMany = (names: string[], on: boolean) => {
    const next = new Set(value);
    for (const n of names) {
      if (on) next.add(n);
      else next.delete(n);
    }
    onChange(next);
  };
  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
      <Text component="legend" fw={500} size="sm">
        {t('integrations.webhooks.events')}
      </Text>
      <Text size="xs" c={error ? 'red' : 'dimmed'} role={error ? 'alert' : undefined}>
        {error ?? t('integrations.webhooks.form.eventsHint')}
      </Text>
      <Checkbox
        mt="xs"
        label={t('integrations.webhooks.form.selectAll')}
        checked={chosen === all.length && all.length > 0}
        indeterminate={chosen > 0 && chosen < all.length}
        onChange={(e) => setMany(all, e.currentTarget.checked)}
      />
      <Stack gap="sm" mt="sm">
        {groupByArea(entries).map(({ area, entries: list }) => {
          const names = list.map((e) => e.evento);
          const on = names.filter((n) => value.has(n)).length;
          const areaLabel = t(`integrations.webhooks.areas.${area}`, { defaultValue: area });
          return (
            <div key={area}>
              <Checkbox
                fw={600}
                label={areaLabel}
                aria-label={t('integrations.webhooks.form.selectArea', { area: areaLabel })}
                checked={on === names.length}
                indeterminate={on > 0 && on < names.length}
                onChange={(e) => setMany(names, e.currentTarget.checked)}
              />
              <Stack gap={6} mt={6} pl="lg">
                {list.map((e) => (
                  <EventRow
                    key={e.evento}
                    entry={e}
                    label={describe(e, i18n.language)}
                    checked={value.has(e.evento)}
                    onToggle={(v) => setMany([e.evento], v)}
                  />
                ))}
              </Stack>
            </div>
          );
        })}
      </Stack>
    </fieldset>
  );
}

function EventRow(props: { entry: DictionaryEntry; label: string; checked: boolean; onToggle: (v: boolean) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { entry } = props;
  const exampleId = `webhook-example-${entry.evento.replace(/\W/g, '-')}`;
  return (
    <div>
      <Group gap="xs" wrap="nowrap" align="flex-start" justify="space-between">
        <Checkbox
          label={props.label}
          description={<Code>{entry.evento}</Code>}
          checked={props.checked}
          onChange={(ev) => props.onToggle(ev.currentTarget.checked)}
        />
        <Anchor
          component="button"
          type="button"
          size="sm"
          style={{ whiteSpace: 'nowrap' }}
          aria-expanded={open}
          aria-controls={exampleId}
          aria-label={`${t('integrations.webhooks.form.example')}: ${entry.evento}`}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? t('integrations.webhooks.form.hideExample') : t('integrations.webhooks.form.example')}
        </Anchor>
      </Group>
      <Collapse expanded={open} id={exampleId}>
        <Code block mt={4} style={{ fontSize: 12, maxHeight: 260, overflow: 'auto' }}>
          {JSON.stringify(entry.esempio, null, 2)}
        </Code>
      </Collapse>
    </div>
  );
}
