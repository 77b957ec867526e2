import { NativeSelect } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, isLocale } from '@fs/contract';
import { writeLocaleCookie } from '../i18n';

/** Language choice for signed-out pages: cookie and interface only (no user to save yet). */
export function LocaleSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <NativeSelect
      size="xs"
      w={140}
      aria-label={t('menu.language')}
      leftSection={<IconLanguage size={14} />}
      value={i18n.language}
      data={LANGUAGES.map((l) => ({ value: l.locale, label: l.nome }))}
      onChange={(event) => {
        const locale = event.currentTarget.value;
        if (!isLocale(locale)) return;
        writeLocaleCookie(locale);
        void i18n.changeLanguage(locale);
      }}
    />
  );
}
