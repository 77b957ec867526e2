import type { Config } from '../config.js';

/** An address to place on the map (the customer's). */
export interface GeoAddress {
  indirizzo: string | null;
  citta: string | null;
  provincia: string | null;
  cap: string | null;
  nazione: string;
}

export interface GeoPoint {
  latitude: number;
  longitude: number;
}

/** Places addresses. `null` means the address was not found. Failures (network, 5xx) throw. */
export interface Geocoder {
  locate(address: GeoAddress): Promise<GeoPoint | null>;
}

/**
 * A Nominatim-compatible geocoder (`GEOCODER_URL`, e.g. https://nominatim.example.org):
 * structured `GET /search?format=jsonv2&limit=1&street=&city=&county=&postalcode=&countrycodes=`,
 * answering `[{ lat: "45.46", lon: "9.19", ... }]` or `[]`.
 */
export class NominatimGeocoder implements Geocoder {
  constructor(
    private readonly baseUrl: string,
    private readonly timeoutMs: number,
    private readonly userAgent: string,
  ) {}

  async locate(a: GeoAddress): Promise<GeoPoint | null> {
    const url = new URL(`${this.baseUrl.replace(/\/$/, '')}/search`);
    const params: Record<string, string | null> = {
      format: 'jsonv2',
      limit: '1',
      street: a.indirizzo,
      city: a.citta,
      county: a.provincia,
      postalcode: a.cap,
      countrycodes: a.nazione.toLowerCase(),
    };
    for (const [k, v] of Object.entries(params)) if (v) url.searchParams.set(k, v);
    const res = await fetch(url, {
      headers: { accept: 'application/json', 'user-agent': this.userAgent },
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    if (!res.ok) throw new Error(`geocoder answered ${res.status}`);
    const body = (await res.json()) as { lat?: string; lon?: string }[];
    const first = Array.isArray(body) ? body[0] : undefined;
    const latitude = Number(first?.lat);
    const longitude = Number(first?.lon);
    if (!first || !Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
    if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
    return { latitude, longitude };
  }
}

const made = new WeakMap<Config, Geocoder | null>();

/** The configured geocoder, or null when `GEOCODER_URL` is not set (the default: no calls out). */
export function geocoderFor(config: Config): Geocoder | null {
  if (!made.has(config)) {
    made.set(
      config,
      config.GEOCODER_URL
        ? new NominatimGeocoder(
            config.GEOCODER_URL,
            config.GEOCODER_TIMEOUT_MS,
            `GestionaleInterventi/1.0 (${config.publicUrl})`,
          )
        : null,
    );
  }
  return made.get(config)!;
}

/** Too incomplete to place: a street address and a city (or postal code) are needed. */
export function isPlaceable(a: GeoAddress): boolean {
  return !!a.indirizzo?.trim() && (!!a.citta?.trim() || !!a.cap?.trim());
}
