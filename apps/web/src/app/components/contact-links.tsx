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
