import { Box, Group, Paper } from '@mantine/core';
import { Brand } from '../components/Brand';
import { LocaleSwitch } from '../components/LocaleSwitch';
import { FooterLinks } from './FooterLinks';
import { PageOutlet } from './PageOutlet';
import classes from './layouts.module.css';

/** Layout "login-page": one centred card on the brand background. */
export function LoginLayout() {
  return (
    <Box className={classes.loginPage}>
      <main className={classes.loginMain}>
        <Paper className={classes.loginCard} shadow="md" p="xl" radius="lg" withBorder>
          <Group justify="space-between" mb="lg" wrap="nowrap">
            <Brand />
            <LocaleSwitch />
          </Group>
          <PageOutlet />
        </Paper>
      </main>
      <footer className={classes.simpleFooter}>
        <FooterLinks />
      </footer>
    </Box>
  );
}
