import { useState } from 'react';
import { Alert, Button, Group, PasswordInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MEXAL_TOKEN_PATTERN, mexalUrl, type MexalConnection } from '@fs/contract';
import { errorText, formErrorsOf } from '../../../../app/api/errors';
import { notify } from '../../../../app/notify';
import { useMexalLogin } from './mexal-api';

type Field = 'indirizzo' | 'utente' | 'password' | 'azienda' | 'anno';

/** The login to the Mexal WebAPI: address, user, password, company code, year; checked before it is sent. */
export function MexalLoginForm({ current }: { current: MexalConnection }) {
  const { t } = useTranslation();
  const login = useMexalLogin();
  const [indirizzo, setIndirizzo] = useState(current.indirizzo ?? '');
  const [utente, setUtente] = useState(current.utente ?? '');
  const [password, setPassword] = useState('');
  const [azienda, setAzienda] = useState(current.azienda ?? '');
  const [anno, setAnno] = useState(String(current.anno ?? new Date().getFullYear()));
  const [tried, setTried] = useState(false);

  const problems: Partial<Record<Field, string>> = {};
  if (!mexalUrl.safeParse(indirizzo).success) problems.indirizzo = t('integrations.mexal.form.addressInvalid');
  if (!utente.trim()) problems.utente = t('integrations.mexal.form.userRequired');
  else if (utente.includes(':')) problems.utente = t('integrations.mexal.form.userColon');
  if (!password) problems.password = t('integrations.mexal.form.passwordRequired');
  if (!MEXAL_TOKEN_PATTERN.test(azienda.trim())) problems.azienda = t('integrations.mexal.form.companyInvalid');
  const year = Number(anno);
  if (!/^\d{4}$/.test(anno.trim()) || year < 1900 || year > 2999)
    problems.anno = t('integrations.mexal.form.yearInvalid');

  const server = formErrorsOf(login.error) ?? {};
  const errorOf = (f: Field) => (tried ? problems[f] : undefined) ?? server[f];
  const fieldErrors = Object.keys(server).length > 0;
  const otherError = login.isError && !fieldErrors ? errorText(t, login.error) : null;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setTried(true);
    login.reset();
    if (Object.keys(problems).length) return;
    login.mutate(
      { indirizzo: indirizzo.trim(), utente: utente.trim(), password, azienda: azienda.trim(), anno: year },
      {
        onSuccess: () => {
          setPassword('');
          notify.success(t('integrations.mexal.connectedToast'));
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('integrations.mexal.form.title')}>
      <Stack gap="sm">
        <TextInput
          label={t('integrations.mexal.form.address')}
          description={t('integrations.mexal.form.addressHint')}
          placeholder="https://mexal.example.it:9004"
          value={indirizzo}
          onChange={(e) => setIndirizzo(e.currentTarget.value)}
          error={errorOf('indirizzo')}
          required
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('integrations.mexal.form.user')}
            value={utente}
            autoComplete="off"
            onChange={(e) => setUtente(e.currentTarget.value)}
            error={errorOf('utente')}
            required
          />
          <PasswordInput
            label={t('integrations.mexal.form.password')}
            value={password}
            autoComplete="new-password"
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={errorOf('password')}
            required
          />
          <TextInput
            label={t('integrations.mexal.form.company')}
            description={t('integrations.mexal.form.companyHint')}
            value={azienda}
            onChange={(e) => setAzienda(e.currentTarget.value)}
            error={errorOf('azienda')}
            required
          />
          <TextInput
            label={t('integrations.mexal.form.year')}
            description={t('integrations.mexal.form.yearHint')}
            inputMode="numeric"
            value={anno}
            onChange={(e) => setAnno(e.currentTarget.value)}
            error={errorOf('anno')}
            required
          />
        </SimpleGrid>
        {otherError && (
          <Alert color="red" role="alert">
            {otherError}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={login.isPending}>
            {t('integrations.mexal.form.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
