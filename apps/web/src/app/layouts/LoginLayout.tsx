import { Box, Group, Paper } from '@mantine/core';
import { Brand } from '../components/Brand';
import { LocaleSwitch } from '../components/LocaleSwitch';
import { FooterLinks } from './FooterLinks';
import { PageOutlet } from './PageOutlet';
import { useHydrated } from '../use-hydrated';
import classes from './layouts.module.css';

/**
 * Layout "login-page": one centred card on the brand background. The language choice sits in
 * the page corner so the product name in the card never has to share a narrow phone row with it.
 * Prerendered (the login page's HTML, decision 0043), it shows before the code has arrived, marked
 * aria-disabled until React has taken it over: its fields and buttons do nothing before then.
 */
export function LoginLayout() {
  const hydrated = useHydrated();
  return (
    <Box className={classes.loginPage} aria-disabled={hydrated ? undefined : true}>
      <header className={classes.loginTop}>
        <LocaleSwitch />
      </header>
      <main className={classes.loginMain}>
        <Paper className={classes.loginCard} shadow="md" p={{ base: 'lg', xs: 'xl' }} radius="lg" withBorder>
          <Group mb="lg" wrap="nowrap">
            <Brand />
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
