import { Loader, Menu, NavLink } from '@mantine/core';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@fs/contract';
import { useLingue } from '../../features/shell';
import { useChangeLanguage } from '../session/api';
import classes from './side-menu.module.css';

type Lingua = 'IT' | 'EN' | 'ES' | 'FR' | 'DE';

/** Language selector of the side menu: saves the user's language, then reloads. */
export function LanguageMenu({ onOpenChange }: { onOpenChange: (open: boolean) => void }) {
  const { t, i18n } = useTranslation();
  const lingue = useLingue();
  const change = useChangeLanguage();
  const languages = lingue.data?.length ? lingue.data : LANGUAGES;
  const current = languages.find((l) => l.locale === i18n.language);

  return (
    <Menu position="right-end" offset={4} onChange={onOpenChange} withArrow>
      <Menu.Target>
        <NavLink
          component="button"
          className={classes.link}
          classNames={{ body: classes.fade }}
          label={t('menu.language')}
          description={current?.nome}
          leftSection={change.isPending ? <Loader size={24} /> : <IconLanguage size={24} stroke={1.6} aria-hidden />}
        />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('menu.chooseLanguage')}</Menu.Label>
        {languages.map((l) => (
          <Menu.Item
            key={l.codice}
            lang={l.locale}
            rightSection={l.locale === i18n.language ? <IconCheck size={16} aria-hidden /> : null}
            onClick={() => change.mutate(l.codice as Lingua)}
          >
            {l.nome}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
