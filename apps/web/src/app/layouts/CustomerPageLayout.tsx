import { Container, Group } from '@mantine/core';
import { LocaleSwitch } from '../components/LocaleSwitch';
import { PageOutlet } from './PageOutlet';
import classes from './layouts.module.css';

/**
 * A page the company's customer opens from a mail (the signing link): it speaks for the company, so it
 * carries neither the product's brand nor its links; the page itself names the company.
 */
export function CustomerPageLayout() {
  return (
    <div className={classes.column}>
      <header className={classes.topBar}>
        <Group justify="flex-end" h="100%" px="md" wrap="nowrap">
          <LocaleSwitch />
        </Group>
      </header>
      <Container component="main" size="md" py="xl" className={classes.grow}>
        <PageOutlet />
      </Container>
    </div>
  );
}
