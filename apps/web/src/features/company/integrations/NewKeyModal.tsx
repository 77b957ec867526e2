import { useState } from 'react';
import { Button, Checkbox, Group, Modal, NumberInput, ScrollArea, Stack, Table, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  API_KEY_ACTIONS,
  API_KEY_DEFAULT_PER_MINUTE,
  API_KEY_MAX_PER_MINUTE,
  PAGE_KEYS,
  type ApiKeyScope,
  type PageKey,
} from '@fs/contract';
import { errorText } from '../../../app/api/errors';
import { DateField } from '../../../app/components/DateField';
import { useGenerateApiKey } from './api';

/** The areas a key may reach: what a company's integration reads and writes, never identity or billing. */
export const KEY_AREAS: PageKey[] = PAGE_KEYS.filter(
  (k) =>
    ![
      'gestione_abbonamento',
      'gestione_azienda',
      'gestione_tecnici',
      'integrazioni_esterne',
      'opzioni',
      'app_mobile',
    ].includes(k),
);

const keyOf = (s: ApiKeyScope) => `${s.key}:${s.action}`;

/** A key's name, scopes (areas × read, write, delete), expiry and rate limit; the key comes back once. */
export function NewKeyModal({ onClose, onMade }: { onClose: () => void; onMade: (key: string) => void }) {
  const { t } = useTranslation();
  const generate = useGenerateApiKey();
  const [nome, setNome] = useState('');
  const [scopes, setScopes] = useState<Set<string>>(new Set());
  const [scadenza, setScadenza] = useState('');
  const [limite, setLimite] = useState<number | string>(API_KEY_DEFAULT_PER_MINUTE);
  const [tried, setTried] = useState(false);
  const toggle = (s: ApiKeyScope) =>
    setScopes((prev) => {
      const next = new Set(prev);
      if (next.has(keyOf(s))) next.delete(keyOf(s));
      else next.add(keyOf(s));
      return next;
    });
  const nameError = tried && !nome.trim() ? t('integrations.keys.nameRequired') : undefined;
  const scopesError = tried && scopes.size === 0 ? t('integrations.keys.scopesRequired') : undefined;
  const submit = () => {
    setTried(true);
    if (!nome.trim() || scopes.size === 0) return;
    generate.mutate(
      {
        nome: nome.trim(),
        scopes: [...scopes].map((s) => {
          const [key, action] = s.split(':') as [PageKey, ApiKeyScope['action']];
          return { key, action };
        }),
        // The key works to the end of the chosen day (the browser's zone).
        scadenza: scadenza ? new Date(`${scadenza}T23:59:59`).toISOString() : null,
        limiteMinuto: Number(limite) || API_KEY_DEFAULT_PER_MINUTE,
      },
      { onSuccess: (r) => onMade(r.key) },
    );
  };
  return (
    <Modal opened onClose={onClose} title={t('integrations.keys.new')} size="lg">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack>
          <TextInput
            label={t('integrations.keys.name')}
            description={t('integrations.keys.nameHint')}
            value={nome}
            onChange={(e) => setNome(e.currentTarget.value)}
            error={nameError}
            required
            data-autofocus
            maxLength={100}
          />
          <div>
            <Text fw={500} size="sm">
              {t('integrations.keys.scopes')}
            </Text>
            <Text size="xs" c={scopesError ? 'red' : 'dimmed'} role={scopesError ? 'alert' : undefined}>
              {scopesError ?? t('integrations.keys.scopesHint')}
            </Text>
            <ScrollArea.Autosize mah={300} mt="xs">
              <Table withTableBorder aria-label={t('integrations.keys.scopes')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('integrations.keys.area')}</Table.Th>
                    {API_KEY_ACTIONS.map((a) => (
                      <Table.Th key={a} ta="center">
                        {t(`integrations.keys.actions.${a}`)}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {KEY_AREAS.map((area) => (
                    <Table.Tr key={area}>
                      <Table.Td>{t(`users.pageKeys.${area}`)}</Table.Td>
                      {API_KEY_ACTIONS.map((action) => (
                        <Table.Td key={action} ta="center">
                          <Checkbox
                            style={{ display: 'inline-block' }}
                            aria-label={`${t(`users.pageKeys.${area}`)}: ${t(`integrations.keys.actions.${action}`)}`}
                            checked={scopes.has(`${area}:${action}`)}
                            onChange={() => toggle({ key: area, action })}
                          />
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
          </div>
          <Group grow align="flex-start">
            <DateField
              label={t('integrations.keys.expiry')}
              description={t('integrations.keys.expiryHint')}
              value={scadenza}
              onChange={setScadenza}
              clearable
            />
            <NumberInput
              label={t('integrations.keys.limit')}
              description={t('integrations.keys.limitHint')}
              value={limite}
              onChange={setLimite}
              min={1}
              max={API_KEY_MAX_PER_MINUTE}
              thousandSeparator="."
              decimalSeparator=","
              allowDecimal={false}
            />
          </Group>
          {generate.isError && (
            <Text c="red" size="sm" role="alert">
              {errorText(t, generate.error)}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={generate.isPending}>
              {t('integrations.keys.generate')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
