import { Button, CopyButton } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * Copies a secret shown once (an API key, a webhook's signing secret). The label and the icon say it is copied; the
 * button stays light (a filled teal one would fail the text contrast, 2.6:1).
 */
export function CopySecretButton({ value }: { value: string }) {
  const { t } = useTranslation();
  return (
    <CopyButton value={value}>
      {({ copied, copy }) => (
        <Button variant="light" onClick={copy} leftSection={copied ? <IconCheck size={18} /> : <IconCopy size={18} />}>
          {copied ? t('integrations.keys.copied') : t('integrations.keys.copy')}
        </Button>
      )}
    </CopyButton>
  );
}
