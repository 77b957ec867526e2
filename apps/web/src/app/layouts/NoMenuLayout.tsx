import type { ReactNode } from 'react';
import { Anchor, Container, Group } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Brand } from '../components/Brand';
import { FooterLinks } from './FooterLinks';
import { PageOutlet } from './PageOutlet';
import classes from './layouts.module.css';

/** Layout "no-menu": the application frame without the side menu (error pages). */
export function NoMenuLayout({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className={classes.column}>
      <header className={classes.topBar}>
        <Group h="100%" px="md">
          <Anchor component={Link} to="/" underline="never" c="inherit" aria-label={t('common.backHome')}>
            <Brand />
          </Anchor>
        </Group>
      </header>
      <Container component="main" size="sm" py="xl" className={classes.grow}>
        {children ?? <PageOutlet />}
      </Container>
      <footer className={classes.simpleFooter}>
        <FooterLinks />
      </footer>
    </div>
  );
}
