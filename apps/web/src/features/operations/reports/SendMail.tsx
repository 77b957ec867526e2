import { useState } from 'react';
import { ActionIcon, Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { IconMail, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { mailRecipient, REPORT_MAIL_MAX, REPORT_MAIL_MAX_RECIPIENTS, type Report } from '@fs/contract';
import { errorText, formErrorsOf } from '../../../app/api/errors';
import { Textarea, TextInput } from '../../../app/components/TextFields';
import { notify } from '../../../app/notify';
import { useCustomerAddresses, useSendReportMail } from './mail-api';

/** "Invia al cliente" (the office): the report's PDF mailed to the customer and chosen addresses. */
export function SendMail({ report, dirty }: { report: Report; dirty: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconMail size={18} />}
        disabled={dirty}
        title={dirty ? t('reports.pdf.saveFirst') : undefined}
        onClick={() => setOpen(true)}
      >
        {t('reports.mail.open')}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={t('reports.mail.title')} size="lg">
        {open && <SendDialog report={report} onClose={() => setOpen(false)} withText />}
      </Modal>
    </>
  );
}

/**
 * The recipients (the customer's email first, its contacts to tick, any other address), and for the office
 * (`withText`) the mail's subject and message: left empty, the defaults in the PDF's language.
 */
export function SendDialog({
  report,
  onClose,
  withText = false,
  cancelLabel,
}: {
  report: Report;
  onClose: () => void;
  withText?: boolean;
  cancelLabel?: string;
}) {
  const { t } = useTranslation();
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const known = useCustomerAddresses(report.cliente_id, true);
  // null until the user changes the list: the customer's email is the default.
  const [chosen, setChosen] = useState<string[] | null>(null);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string>();
  const send = useSendReportMail();
  const list = chosen ?? (known.data?.email ? [known.data.email.toLowerCase()] : []);

  /** The problem of adding `address`, or its normal form. */
  const check = (address: string, current: string[]): { value?: string; problem?: string } => {
    const parsed = mailRecipient.safeParse(address);
    if (!parsed.success) return { problem: t('reports.mail.invalid') };
    if (current.includes(parsed.data)) return { problem: t('reports.mail.duplicate') };
    if (current.length >= REPORT_MAIL_MAX_RECIPIENTS) {
      return { problem: t('reports.mail.tooMany', { max: REPORT_MAIL_MAX_RECIPIENTS }) };
    }
    return { value: parsed.data };
  };
  const add = () => {
    if (!draft.trim()) return;
    const r = check(draft, list);
    setError(r.problem);
    if (r.value) {
      setChosen([...list, r.value]);
      setDraft('');
    }
  };
  const remove = (address: string) => setChosen(list.filter((a) => a !== address));
  const toggle = (address: string, on: boolean) => {
    const value = address.toLowerCase();
    if (!on) return remove(value);
    const r = check(value, list);
    setError(r.problem);
    if (r.value) setChosen([...list, r.value]);
  };

  const submit = () => {
    if (draft.trim()) return add();
    if (!list.length) return setError(t('reports.mail.required'));
    const text = withText
      ? {
          ...(subject.trim() ? { oggetto: subject.trim() } : {}),
          ...(message.trim() ? { messaggio: message.trim() } : {}),
        }
      : {};
    send.mutateAsync({ id: report.id, destinatari: list, ...text }).then(
      () => {
        notify.success(t('reports.mail.queued'));
        onClose();
      },
      (err: unknown) => {
        const fields = formErrorsOf(err);
        const message = fields ? Object.values(fields)[0] : undefined;
        setError(message);
        notify.error(message ?? errorText(t, err));
      },
    );
  };

  return (
    <Stack gap="sm">
      <Text size="sm">{t('reports.mail.help', { numero: report.numero_assistenza })}</Text>
      <Stack gap={4} aria-label={t('reports.mail.recipients')} role="list">
        {list.length === 0 && (
          <Text size="sm" c="dimmed">
            {known.isPending ? '…' : t('reports.mail.noRecipients')}
          </Text>
        )}
        {list.map((a) => (
          <Group key={a} gap="xs" role="listitem" wrap="nowrap">
            <Text size="sm" style={{ wordBreak: 'break-all' }}>
              {a}
            </Text>
            <ActionIcon
              variant="subtle"
              color="red"
              onClick={() => remove(a)}
              aria-label={t('reports.mail.remove', { email: a })}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))}
      </Stack>
      {!!known.data?.contatti.length && (
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('reports.mail.contacts')}
          </Text>
          {known.data.contatti.map((c) => (
            <Checkbox
              key={c.email}
              label={`${c.nome} – ${c.email}`}
              checked={list.includes(c.email.toLowerCase())}
              onChange={(e) => toggle(c.email, e.currentTarget.checked)}
            />
          ))}
        </Stack>
      )}
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <TextInput
          label={t('reports.mail.add')}
          type="email"
          value={draft}
          onChange={(e) => {
            setDraft(e.currentTarget.value);
            setError(undefined);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
          error={error}
          maxLength={200}
          style={{ flex: 1 }}
          data-autofocus
        />
        <Button variant="default" mt={25} leftSection={<IconPlus size={16} />} onClick={add}>
          {t('reports.mail.addButton')}
        </Button>
      </Group>
      {withText && (
        <>
          <TextInput
            label={t('reports.mail.subject')}
            placeholder={t('reports.mail.defaultSubject')}
            value={subject}
            onChange={(e) => setSubject(e.currentTarget.value)}
            maxLength={REPORT_MAIL_MAX.oggetto}
          />
          <Textarea
            label={t('reports.mail.message')}
            placeholder={t('reports.mail.defaultMessage')}
            value={message}
            onChange={(e) => setMessage(e.currentTarget.value)}
            autosize
            minRows={3}
            maxLength={REPORT_MAIL_MAX.messaggio}
          />
        </>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          {cancelLabel ?? t('common.cancel')}
        </Button>
        <Button onClick={submit} loading={send.isPending}>
          {t('reports.mail.send')}
        </Button>
      </Group>
    </Stack>
  );
}
