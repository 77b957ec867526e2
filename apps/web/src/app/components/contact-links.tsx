import { Anchor } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * Contact details a phone can act on: a number opens the dialler (`tel:`), an address the mail
 * app (`mailto:`), a postal address the phone's maps app (a maps search link, which Android and
 * iOS hand to the installed maps app). An empty value answers null (the caller shows "not set").
 */
export function phoneLink(value: string | null | undefined): ReactNode {
  if (!value) return null;
  return <Anchor href={`tel:${value.replace(/[^\d+]/g, '')}`}>{value}</Anchor>;
}

export function mailLink(value: string | null | undefined): ReactNode {
  if (!value) return null;
  return <Anchor href={`mailto:${value}`}>{value}</Anchor>;
}

/**
 * A postal address on one line: street, then CAP, city and (province), then the country when given;
 * null when there is no street, city or CAP (a country alone is no place to go).
 */
export function postalAddress(a: {
  indirizzo?: string | null;
  cap?: string | null;
  citta?: string | null;
  provincia?: string | null;
  nazione?: string | null;
}): string | null {
  const place = [a.indirizzo, [a.cap, a.citta, a.provincia && `(${a.provincia})`].filter(Boolean).join(' ')].filter(
    Boolean,
  );
  return place.length ? [...place, a.nazione].filter(Boolean).join(', ') : null;
}

export function mapLink(address: string | null | undefined): ReactNode {
  if (!address) return null;
  return (
    <Anchor
      href={`https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`}
      target="_blank"
      rel="noreferrer noopener"
    >
      {address}
    </Anchor>
  );
}
