/**
 * The technicians' colours: the server numbers each technician 0..11, stable by the company's
 * order of users; the same index gives the same colour everywhere (calendar, legend, map).
 * Mid-dark tones so white text stays readable (contrast at least 4.5:1).
 */
export const PALETTE = [
  '#1864ab',
  '#c92a2a',
  '#237032',
  '#862e9c',
  '#c2410c',
  '#0b7285',
  '#a61e4d',
  '#5f3dc4',
  '#4b7a0a',
  '#364fc7',
  '#8a5a00',
  '#495057',
] as const;

/** Colour of appointments with no technician. */
export const NO_TECHNICIAN = '#5c636a';

/** A technician's colour by the server's index (any integer, wrapped into the palette). */
export function technicianColor(index: number | null | undefined): string {
  if (index === null || index === undefined || !Number.isFinite(index)) return NO_TECHNICIAN;
  const i = ((Math.trunc(index) % PALETTE.length) + PALETTE.length) % PALETTE.length;
  return PALETTE[i]!;
}
