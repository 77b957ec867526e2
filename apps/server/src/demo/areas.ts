import type { Deps } from '../platform/deps.js';
import { CITIES } from './large-data.js';

/**
 * Where the demo company works: Lombardy and Emilia-Romagna, one technician each (in the users'
 * order, then by username: the first Lombardy, the second Emilia-Romagna, a third Lombardy again...;
 * in the demo Luca Bianchi and Mario Rossi). Its sample customers live in these regions' cities, and
 * every appointment, report and contract visit of a technician is at a customer of their own region:
 * nobody's week spans the country.
 */
export const DEMO_AREAS: { regione: string; province: string[] }[] = [
  { regione: 'Lombardia', province: ['MI', 'MB', 'BG', 'BS', 'CO', 'VA', 'LC', 'PV', 'CR', 'MN', 'LO', 'SO'] },
  { regione: 'Emilia-Romagna', province: ['BO', 'MO', 'RE', 'PR', 'PC', 'FE', 'RA', 'FC', 'RN'] },
];

/** The region of a province (its two-letter code), among the demo's areas; null elsewhere. */
export function regionOf(provincia: string | null | undefined): string | null {
  return DEMO_AREAS.find((a) => provincia && a.province.includes(provincia))?.regione ?? null;
}

/** The cities the sample customers are drawn from: those of the demo's areas. */
export const DEMO_CITIES = CITIES.filter(([, prov]) => regionOf(prov) !== null);

export interface DemoPlant {
  id: string;
  cliente_id: string;
  provincia: string | null;
  machines: string[];
}

/**
 * The company's technicians (by the users' order) with their region, and the plants (with their
 * customer's province and machines, by name) grouped by the technician who works there.
 */
export async function demoTerritory(deps: Deps, aziendaId: string) {
  const q = async <T>(text: string, values: unknown[] = []) =>
    (await deps.database.executeSql(text, values)).rows as T[];
  const techs = (
    await q<{ id: string }>(`select id from utenti where azienda_id = $1 and role = 'user' order by ordine, username`, [
      aziendaId,
    ])
  ).map((u) => u.id);
  const plants = await q<DemoPlant>(
    `select p.id, p.cliente_id, c.provincia,
            coalesce((select array_agg(m.id order by m.nome) from macchinari m where m.impianto_id = p.id), '{}') as machines
       from impianti p join clienti c on c.id = p.cliente_id
      where p.azienda_id = $1 order by p.nome, p.id`,
    [aziendaId],
  );
  const regionOfTech = (tech: string) => DEMO_AREAS[Math.max(0, techs.indexOf(tech)) % DEMO_AREAS.length]!.regione;
  /** The technician who works a province: the first whose region it is (else the first technician). */
  const techFor = (provincia: string | null): string | undefined =>
    techs.find((t) => regionOfTech(t) === regionOf(provincia)) ?? techs[0];
  const plantsOf = (tech: string): DemoPlant[] => {
    const own = plants.filter((p) => techFor(p.provincia) === tech);
    return own.length ? own : plants;
  };
  return { techs, plants, regionOfTech, techFor, plantsOf };
}
