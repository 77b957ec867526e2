import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local Passepartout Mexal WebAPI for the tests (decision 0052), built from the resources the public client
 * laninisimone/php-mexal-api documents in docs/api/ (help, ?info=true snapshots and the WebAPI manual v3.1):
 * everything under `/webapi/risorse/`, `Authorization: Passepartout <base64(user:password)>` checked on every call
 * (401 and a count of the refusals otherwise: the real one locks the user after a few), `Coordinate-Gestionale:
 * Azienda=<code> Anno=<yyyy>` checked against its companies (400 6001 otherwise), JSON bodies, `[[index, value]]` line
 * arrays. Resources: dati-generali/installazione; clienti (ricerca with =/inizia_per filters, an array value in OR;
 * create: codice and ragione_sociale mandatory, 201 with Location); documenti/ordini-clienti (OC, OX),
 * documenti/preventivi (PC, PF, PR, PX), documenti/movimenti-magazzino (two capital letters): create with the manual's
 * mandatory fields (numero 0 numbered by sigla and serie, cod_conto an existing customer, every line field with the
 * same line indexes), read by key SIGLA+serie+numero, 404 for an unknown one.
 */

export interface FakeRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  coordinates: string | undefined;
  body: unknown;
}

type Rec = Record<string, unknown>;

const COORDINATES = /^Azienda=(\S+)( SottoAzienda=\S+)? Anno=(\d{4})( Magazzino=\d+)?$/;
const DOCUMENT_SIGLE: Record<string, (s: string) => boolean> = {
  'documenti/ordini-clienti': (s) => s === 'OC' || s === 'OX',
  'documenti/preventivi': (s) => ['PC', 'PF', 'PR', 'PX'].includes(s),
  'documenti/movimenti-magazzino': (s) => /^[A-Z]{2}$/.test(s),
};
const DOCUMENT_REQUIRED = ['sigla', 'serie', 'numero', 'id_riga', 'tp_riga', 'codice_articolo', 'quantita', 'cod_iva'];
const LINE_FIELDS = ['id_riga', 'tp_riga', 'codice_articolo', 'descr_riga', 'quantita', 'prezzo', 'cod_iva'];

export async function startMexalFake(o: { user: string; password: string; aziende: string[] }) {
  const requests: FakeRequest[] = [];
  const counts = { refused: 0 };
  const clienti = new Map<string, Rec>();
  const documenti = new Map<string, Rec>();
  const counters = new Map<string, number>();

  const error = (res: http.ServerResponse, status: number, message: string) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: message }));
  };
  const json = (res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(body === undefined ? '' : JSON.stringify(body));
  };

  function matches(r: Rec, f: { campo: string; condizione: string; valore: unknown }) {
    const v = String(r[f.campo] ?? '');
    const values = (Array.isArray(f.valore) ? f.valore : [f.valore]).map(String);
    if (f.condizione === '=') return values.includes(v);
    if (f.condizione === 'inizia_per') return values.some((x) => v.startsWith(x));
    if (f.condizione === 'contiene') return values.some((x) => v.includes(x));
    return false;
  }

  function createDocument(res: http.ServerResponse, resource: string, b: Rec) {
    const missing = DOCUMENT_REQUIRED.filter((f) => b[f] === undefined);
    if (resource !== 'documenti/movimenti-magazzino' && b.cod_conto === undefined) missing.push('cod_conto');
    if (missing.length) return error(res, 400, `6001 - errore gestionale [campi obbligatori: ${missing.join(', ')}]`);
    const sigla = String(b.sigla);
    if (!DOCUMENT_SIGLE[resource]!(sigla)) return error(res, 400, `6001 - errore gestionale [sigla ${sigla}]`);
    if (!Number.isInteger(b.serie) || !Number.isInteger(b.numero)) {
      return error(res, 400, '6001 - errore gestionale [serie e numero devono essere numeri interi]');
    }
    if (b.cod_conto !== undefined && !clienti.has(String(b.cod_conto))) {
      return error(res, 400, `6001 - errore gestionale [conto ${String(b.cod_conto)} inesistente]`);
    }
    let indexes: string | null = null;
    for (const f of LINE_FIELDS.filter((x) => b[x] !== undefined)) {
      const v = b[f];
      const ok = Array.isArray(v) && v.every((p) => Array.isArray(p) && p.length === 2 && Number.isInteger(p[0]));
      if (!ok) return error(res, 400, `6001 - errore gestionale [${f}: atteso un array di [indice_riga, valore]]`);
      const idx = (v as [number, unknown][]).map((p) => p[0]).join(',');
      if (indexes !== null && idx !== indexes) {
        return error(res, 400, `6001 - errore gestionale [indici di riga diversi in ${f}]`);
      }
      indexes = idx;
    }
    let numero = b.numero as number;
    const series = `${sigla}+${b.serie as number}`;
    if (numero === 0) {
      numero = (counters.get(series) ?? 0) + 1;
      counters.set(series, numero);
    }
    const key = `${series}+${numero}`;
    if (documenti.has(`${resource}/${key}`)) return error(res, 400, `6001 - errore gestionale [${key} esiste già]`);
    documenti.set(`${resource}/${key}`, { ...b, numero, data_ult_mod: '20261124 090000' });
    json(res, 201, undefined, { location: `/webapi/risorse/${resource}/${key}` });
  }

  function handle(req: http.IncomingMessage, res: http.ServerResponse, raw: string) {
    const url = new URL(req.url ?? '/', 'http://fake');
    let body: unknown = null;
    if (raw) {
      try {
        body = JSON.parse(raw);
      } catch {
        return error(res, 400, 'Corpo JSON non valido');
      }
    }
    const authorization = req.headers.authorization;
    const coordinates = req.headers['coordinate-gestionale'] as string | undefined;
    requests.push({ method: req.method ?? '', path: url.pathname, authorization, coordinates, body });
    const expected = `Passepartout ${Buffer.from(`${o.user}:${o.password}`).toString('base64')}`;
    if (authorization !== expected) {
      counts.refused++;
      return error(res, 401, '2002 - utente o password errati');
    }
    const c = COORDINATES.exec(coordinates ?? '');
    if (!c || !o.aziende.includes(c[1]!)) return error(res, 400, '6001 - errore gestionale [azienda non trovata]');
    if (!url.pathname.startsWith('/webapi/risorse/')) return error(res, 404, 'percorso sconosciuto');
    const path = url.pathname.slice('/webapi/risorse/'.length);
    const b = (body ?? {}) as Rec;
    if (req.method === 'GET' && path === 'dati-generali/installazione') {
      return json(res, 200, { versione: '2.9.17', versione_gestionale: 88201 });
    }
    if (req.method === 'POST' && path === 'clienti/ricerca') {
      const filtri = (b.filtri ?? []) as { campo: string; condizione: string; valore: unknown }[];
      if (!Array.isArray(filtri) || !filtri.length) return error(res, 400, 'filtri obbligatori');
      const fields = url.searchParams.get('fields')?.split(',') ?? null;
      const dati = [...clienti.values()]
        .filter((r) => filtri.every((f) => matches(r, f)))
        .map((r) => (fields ? Object.fromEntries(fields.map((f) => [f, r[f]])) : r));
      return json(res, 200, { dati });
    }
    if (req.method === 'POST' && path === 'clienti') {
      if (typeof b.codice !== 'string' || !/^\d{3}\.\d{5}$/.test(b.codice) || !b.ragione_sociale) {
        return error(res, 400, '6001 - errore gestionale [codice (mastro.conto) e ragione_sociale obbligatori]');
      }
      if (clienti.has(b.codice)) return error(res, 400, `6001 - errore gestionale [codice ${b.codice} esistente]`);
      clienti.set(b.codice, { ...b });
      return json(res, 201, undefined, { location: `/webapi/risorse/clienti/${b.codice}` });
    }
    for (const resource of Object.keys(DOCUMENT_SIGLE)) {
      if (req.method === 'POST' && path === resource) return createDocument(res, resource, b);
      if (req.method === 'GET' && path.startsWith(`${resource}/`)) {
        const key = decodeURIComponent(path.slice(resource.length + 1));
        const doc = documenti.get(`${resource}/${key}`);
        return doc ? json(res, 200, doc) : json(res, 404, undefined);
      }
    }
    error(res, 404, 'risorsa sconosciuta');
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => handle(req, res, Buffer.concat(chunks).toString('utf8')));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    counts,
    clienti,
    documenti,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
