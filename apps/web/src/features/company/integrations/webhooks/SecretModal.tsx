import { useState } from 'react';
import { Alert, Button, Code, Group, List, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconEye } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { WEBHOOK_OLD_SECRET_HOURS } from '@fs/contract';
import { errorText } from '../../../../app/api/errors';
import { CopySecretButton } from '../CopySecretButton';
import { useRevealSecret } from './api';

export type SecretModalProps =
  /** The secret is known: just made (creation) or just rotated. */
  | { mode: 'created' | 'rotated'; secret: string; onClose: () => void }
  /** An existing endpoint: shown only when asked (the secret call), with its hint until then. */
  | { mode: 'reveal'; webhookId: string; hint: string; onClose: () => void };

/** An endpoint's signing secret with a copy button, and how a receiver verifies a message's signature. */
export function SecretModal(props: SecretModalProps) {
  const { t } = useTranslation();
  const reveal = useRevealSecret();
  const [revealed, setRevealed] = useState<string | null>(null);
  const secret = props.mode === 'reveal' ? revealed : props.secret;
  const title = t(`integrations.webhooks.secret.title.${props.mode}`);
  return (
    <Modal opened onClose={props.onClose} title={title} size="lg">
      <Stack>
        {props.mode === 'created' && (
          <Alert color="yellow" icon={<IconAlertTriangle />}>
            {t('integrations.webhooks.secret.createdHint')}
          </Alert>
        )}
        {props.mode === 'rotated' && (
          <Alert color="yellow" icon={<IconAlertTriangle />}>
            {t('integrations.webhooks.secret.rotatedHint', { hours: WEBHOOK_OLD_SECRET_HOURS })}
          </Alert>
        )}
        <Group wrap="nowrap" gap="xs">
          <Code
            block
            style={{ flex: 1, wordBreak: 'break-all', fontSize: 14 }}
            data-testid="webhook-secret-value"
            aria-label={t('integrations.webhooks.secret.label')}
          >
            {secret ?? `${props.mode === 'reveal' ? props.hint : ''}`}
          </Code>
          {secret ? (
            <CopySecretButton value={secret} />
          ) : (
            props.mode === 'reveal' && (
              <Button
                variant="light"
                leftSection={<IconEye size={18} />}
                loading={reveal.isPending}
                onClick={() => reveal.mutate(props.webhookId, { onSuccess: setRevealed })}
              >
                {t('integrations.webhooks.secret.reveal')}
              </Button>
            )
          )}
        </Group>
        {reveal.isError && (
          <Text c="red" size="sm" role="alert">
            {errorText(t, reveal.error)}
          </Text>
        )}
        <div>
          <Text fw={600} size="sm">
            {t('integrations.webhooks.secret.verifyTitle')}
          </Text>
          <List size="sm" spacing={4} mt={4}>
            <List.Item>{t('integrations.webhooks.secret.verifyHeaders')}</List.Item>
            <List.Item>{t('integrations.webhooks.secret.verifySignature')}</List.Item>
            <List.Item>{t('integrations.webhooks.secret.verifyTime')}</List.Item>
            <List.Item>{t('integrations.webhooks.secret.verifyLibrary')}</List.Item>
          </List>
        </div>
        <Group justify="flex-end">
          <Button onClick={props.onClose}>
            {props.mode === 'reveal' ? t('integrations.webhooks.close') : t('integrations.webhooks.secret.done')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
