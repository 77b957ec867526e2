import {
  Drawer,
  FileInput,
  Loader,
  Modal,
  Notification,
  PasswordInput,
  Select,
  TagsInput,
  createTheme,
  mergeThemeOverrides,
  type CSSVariablesResolver,
  type MantineColorsTuple,
} from '@mantine/core';
import type { TFunction } from 'i18next';
import { CLIENT } from '@fs/contract';

/** Shades around the brand colour #2589bd (index 6). */
const brand: MantineColorsTuple = [
  '#eff7fb',
  '#d6eaf5',
  '#b1d8ec',
  '#83c5e7',
  '#59b1de',
  '#329fd7',
  CLIENT.brandColor,
  '#1f729e',
  '#195d80',
  '#134762',
];

/**
 * Contrast (WCAG 2.1 AA, 4.5:1 for text; checked by e2e/tests/a11y.spec.ts): white on the brand
 * colour itself is 3.9:1, so filled controls use shade 7 (5.3:1) and links shade 8 (5.8:1 even on
 * the light brand background of banners). Mantine's dimmed grey (#868e96, 3.3:1) becomes #666e76
 * (5.2:1 on white, 4.9:1 on the page background), placeholders #6c757d (4.7:1). Red, used by
 * delete buttons and errors, is shifted so its shade 7 is #c92a2a (5.5:1; Mantine's is 3.8:1).
 */
const red: MantineColorsTuple = [
  '#fff5f5',
  '#ffe3e3',
  '#ffc9c9',
  '#ffa8a8',
  '#ff8787',
  '#ff6b6b',
  '#f03e3e',
  '#c92a2a',
  '#b02525',
  '#962020',
];

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#666e76',
    '--mantine-color-anchor': brand[8],
    '--mantine-color-placeholder': '#6c757d',
    // Text of light badges and alerts on their pale background (Mantine's shade 9 is 3.8:1 for green).
    '--mantine-color-green-light-color': '#1e6b30',
    '--mantine-color-orange-light-color': '#a63c06',
    '--mantine-color-yellow-light-color': '#7a5200',
    '--mantine-color-teal-light-color': '#0b6b58',
  },
  dark: {},
});

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 7,
  colors: { brand, red },
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '650' },
  breakpoints: { xs: '36em', sm: '48.0625em', md: '62em', lg: '75em', xl: '80em' },
  components: {
    // A spinner is a status: its aria-label ("Caricamento dei file") is allowed only with a role (axe:
    // aria-prohibited-attr), and a screen reader announces it.
    Loader: Loader.extend({ defaultProps: { role: 'status' } }),
    // A dialog's title is its h2 (Mantine renders it so): sized as the pages' section headings.
    Modal: Modal.extend({
      styles: { title: { fontSize: 'var(--mantine-h4-font-size)', fontWeight: 650, lineHeight: 1.3 } },
    }),
  },
});

/**
 * The theme with Mantine's built-in controls named in the interface language: the password
 * visibility toggle (English by default), close buttons of toasts and dialogs and clear buttons
 * (unnamed by default).
 */
export function localizedTheme(t: TFunction) {
  const clear = { clearButtonProps: { 'aria-label': t('a11y.clear') } };
  return mergeThemeOverrides(
    theme,
    createTheme({
      components: {
        PasswordInput: PasswordInput.extend({
          defaultProps: { visibilityToggleButtonProps: { 'aria-label': t('a11y.togglePassword') } },
        }),
        Notification: Notification.extend({
          defaultProps: { closeButtonProps: { 'aria-label': t('a11y.closeNotification') } },
        }),
        Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': t('a11y.closeDialog') } } }),
        Drawer: Drawer.extend({ defaultProps: { closeButtonProps: { 'aria-label': t('a11y.closeDialog') } } }),
        FileInput: FileInput.extend({ defaultProps: clear }),
        Select: Select.extend({ defaultProps: clear }),
        TagsInput: TagsInput.extend({ defaultProps: clear }),
      },
    }),
  );
}
