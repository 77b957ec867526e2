import { Anchor, Container, Group } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Brand } from '../components/Brand';
import { LocaleSwitch } from '../components/LocaleSwitch';
import { FooterLinks } from './FooterLinks';
import { PageOutlet } from './PageOutlet';
import classes from './layouts.module.css';

/** Layout "main-logged-out": public pages with a top bar, no menu. */
export function LoggedOutLayout() {
  const { t } = useTranslation();
  return (
    <div className={classes.column}>
      <header className={classes.topBar}>
        <Group justify="space-between" h="100%" px="md" wrap="nowrap">
          <Anchor component={Link} to="/" underline="never" c="inherit" aria-label={t('common.backHome')}>
            <Brand />
          </Anchor>
          <LocaleSwitch />
        </Group>
      </header>
      <Container component="main" size="md" py="xl" className={classes.grow}>
        <PageOutlet />
      </Container>
      <footer className={classes.simpleFooter}>
        <FooterLinks />
      </footer>
    </div>
  );
}
