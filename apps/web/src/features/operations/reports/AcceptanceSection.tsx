import { useRef, useState } from 'react';
import { Alert, Button, Group, Image, Modal, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { modals } from '@mantine/modals';
import { useTranslation } from 'react-i18next';
import { routes, type Report } from '@fs/contract';
import { errorText, formErrorsOf } from '../../../app/api/errors';
import { api } from '../../../app/api/client';
import { useBlobUrl } from '../../../app/api/use-blob-url';
import { TextInput } from '../../../app/components/TextFields';
import { formatDateTime } from '../../../app/format';
import { useCompanyZone } from '../../company';
import { notify } from '../../../app/notify';
import { usePublicConfig } from '../../shell';
import { SignaturePad, type SignaturePadHandle } from './SignaturePad';
import { useClearSignature, useCustomerEmail, useSendSignatureLink, useSignReport } from './signature-api';

/** The signature pad with the signer's name; `onSign` gets the name and the PNG. */
export function SignForm({
  onSign,
  pending,
  submitLabel,
  onCancel,
}: {
  onSign: (firmatario: string, png: string) => Promise<unknown>;
  pending: boolean;
  submitLabel: string;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const pad = useRef<SignaturePadHandle>(null);
  const [name, setName] = useState('');
  const [empty, setEmpty] = useState(true);
  const [errors, setErrors] = useState<{ firmatario?: string; png?: string }>({});
  const submit = () => {
    const problems = {
      ...(name.trim() ? {} : { firmatario: t('signature.signerRequired') }),
      ...(pad.current?.isEmpty() !== false ? { png: t('signature.pad.empty') } : {}),
    };
    setErrors(problems);
    if (Object.keys(problems).length) return;
    void onSign(name.trim(), pad.current!.toDataURL()).catch((err: unknown) => {
      const fields = formErrorsOf(err);
      if (fields) setErrors(fields);
      notify.error(errorText(t, err));
    });
  };
  return (
    <Stack gap="sm">
      <div>
        <SignaturePad
          ref={pad}
          onChange={(e) => {
            setEmpty(e);
            if (!e) setErrors((x) => ({ ...x, png: undefined }));
          }}
          disabled={pending}
        />
        {errors.png && (
          <Text size="sm" c="red.8" role="alert">
            {errors.png}
          </Text>
        )}
      </div>
      <TextInput
        label={t('signature.signer')}
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        maxLength={120}
        required
        error={errors.firmatario}
        autoComplete="name"
      />
      <Group justify="flex-end" gap="sm">
        {onCancel && (
          <Button variant="default" onClick={onCancel} disabled={pending}>
            {t('common.cancel')}
          </Button>
        )}
        <Button onClick={submit} loading={pending} data-empty={empty}>
          {submitLabel}
        </Button>
      </Group>
    </Stack>
  );
}

function SignatureImage({ report }: { report: Report }) {
  const { t } = useTranslation();
  const zone = useCompanyZone();
  const firma = report.firma!;
  const { url } = useBlobUrl(
    ['media', 'content', firma.media_id],
    () => api.call(routes.media.content, { params: { id: firma.media_id } }),
    Infinity,
  );
  return (
    <Stack gap={4}>
      {url && (
        <Image
          src={url}
          alt={t('signature.image', { name: firma.firmatario })}
          maw={420}
          fit="contain"
          radius="sm"
          style={{ border: '1px solid var(--mantine-color-gray-3)', background: '#fff' }}
        />
      )}
      <Text size="sm" fw={500} data-testid="signature-caption">
        {t('signature.signedBy', { name: firma.firmatario, when: formatDateTime(firma.firmato_il, zone) })}
      </Text>
      {firma.remoto && (
        <Text size="xs" c="dimmed">
          {firma.ip ? t('signature.remoteIp', { ip: firma.ip }) : t('signature.remote')}
        </Text>
      )}
    </Stack>
  );
}

function LinkDialog({ report, onClose }: { report: Report; onClose: () => void }) {
  const { t } = useTranslation();
  const zone = useCompanyZone();
  const known = useCustomerEmail(report.cliente_id, true);
  const [email, setEmail] = useState<string | null>(null);
  const [error, setError] = useState<string>();
  const send = useSendSignatureLink();
  const publicConfig = usePublicConfig();
  const value = email ?? known.data ?? '';
  const submit = () =>
    send.mutateAsync({ id: report.id, ...(value.trim() ? { email: value.trim() } : {}) }).then(
      (r) => {
        notify.success(t('signature.link.sent', { email: r.email, date: formatDateTime(r.scadenza, zone) }));
        onClose();
      },
      (err: unknown) => {
        const fields = formErrorsOf(err);
        setError(fields?.email);
        notify.error(fields?.email ?? errorText(t, err));
      },
    );
  return (
    <Stack gap="sm">
      <Text size="sm">{t('signature.link.help', { days: publicConfig.data?.signatureLinkDays ?? 7 })}</Text>
      <TextInput
        label={t('signature.link.email')}
        type="email"
        value={value}
        onChange={(e) => setEmail(e.currentTarget.value)}
        error={error}
        maxLength={200}
        data-autofocus
      />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button onClick={() => void submit()} loading={send.isPending}>
          {t('signature.link.send')}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * "Accettazione": the customer signs on this screen (a technician's phone or the office's screen),
 * or the office mails a signing link. A signed report shows the image, the signer and the time.
 */
export function AcceptanceSection({
  report,
  office,
  error,
  beforeSign,
}: {
  report: Report;
  office: boolean;
  /** Run before the signature is saved (the field view saves what is typed: the signed report reloads the form). */
  beforeSign?: () => Promise<boolean>;
  /** A refused close names the missing signature (option firma_cliente_obbligatoria). */
  error?: string;
}) {
  const { t } = useTranslation();
  const zone = useCompanyZone();
  const sign = useSignReport();
  const clear = useClearSignature();
  const [resigning, setResigning] = useState(false);
  const [linkOpen, setLinkOpen] = useState(false);
  const firma = report.firma;
  const askClear = () =>
    modals.openConfirmModal({
      title: t('signature.clearConfirm.title'),
      children: <Text size="sm">{t('signature.clearConfirm.text', { name: firma?.firmatario ?? '' })}</Text>,
      labels: { confirm: t('signature.clearConfirm.confirm'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        clear.mutate(report.id, {
          onSuccess: () => notify.success(t('signature.cleared')),
          onError: (err) => notify.error(errorText(t, err)),
        }),
    });
  const doSign = async (firmatario: string, png: string) => {
    if (beforeSign && !(await beforeSign())) return;
    await sign.mutateAsync({ id: report.id, firmatario, png }).then(() => {
      setResigning(false);
      notify.success(t('signature.saved'));
    });
  };
  return (
    <Stack gap="sm">
      {error && !firma && (
        <Text size="sm" c="red.8" role="alert">
          {error}
        </Text>
      )}
      {firma && <SignatureImage report={report} />}
      {/* Closed and signed: the signature is locked (reopening, where allowed, decides about it). */}
      {firma && report.stato === 'CHIUSO' && !report.firmabile && !report.completato && (
        <Group gap={6} wrap="nowrap" data-testid="signature-locked">
          <IconLock size={16} aria-hidden style={{ flexShrink: 0 }} />
          <Text size="sm" c="dimmed">
            {t('signature.errors.locked')}
          </Text>
        </Group>
      )}
      {!firma && report.attesa_firma && (
        <Alert
          color="yellow"
          variant="light"
          title={t('reports.mail.awaitingSignature')}
          data-testid="signature-awaited"
        >
          {t('signature.awaited', {
            email: report.attesa_firma.email,
            sent: formatDateTime(report.attesa_firma.inviato_il, zone),
            date: formatDateTime(report.attesa_firma.scadenza, zone),
          })}
        </Alert>
      )}
      {!firma && !report.firmabile && (
        <Text size="sm" c="dimmed">
          {report.completato ? t('signature.notSignable') : t('signature.none')}
        </Text>
      )}
      {report.firmabile && (!firma || resigning) && (
        <SignForm
          key={firma?.media_id ?? 'new'}
          onSign={doSign}
          pending={sign.isPending}
          submitLabel={t('signature.save')}
          onCancel={firma ? () => setResigning(false) : undefined}
        />
      )}
      {report.firmabile && firma && !resigning && (
        <Group gap="sm">
          <Button variant="light" onClick={() => setResigning(true)}>
            {t('signature.resign')}
          </Button>
          <Button variant="subtle" color="red" onClick={askClear} loading={clear.isPending}>
            {t('signature.clear')}
          </Button>
        </Group>
      )}
      {office && !report.completato && !(firma && report.stato === 'CHIUSO') && (
        <Group>
          <Button variant="outline" onClick={() => setLinkOpen(true)}>
            {t('signature.link.open')}
          </Button>
        </Group>
      )}
      <Modal opened={linkOpen} onClose={() => setLinkOpen(false)} title={t('signature.link.title')}>
        {linkOpen && <LinkDialog report={report} onClose={() => setLinkOpen(false)} />}
      </Modal>
    </Stack>
  );
}
