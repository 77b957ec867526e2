import { createTheme, type MantineColorsTuple } from '@mantine/core';
import { CLIENT } from '@fs/contract';

/** Shades around the brand colour #2589bd (index 6). */
const brand: MantineColorsTuple = [
  '#eff7fb', '#d6eaf5', '#b1d8ec', '#83c5e7', '#59b1de',
  '#329fd7', CLIENT.brandColor, '#1f729e', '#195d80', '#134762',
];

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 6,
  colors: { brand },
  defaultRadius: 'md',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '650' },
  breakpoints: { xs: '36em', sm: '48.0625em', md: '62em', lg: '75em', xl: '80em' },
});
