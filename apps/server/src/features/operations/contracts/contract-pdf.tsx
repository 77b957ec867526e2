/** @jsxRuntime automatic */
/** @jsxImportSource react */
// The JSX runtime is named here as well as in apps/server/tsconfig.json (see reports/report-pdf.tsx).
import { Document, Image, Page, StyleSheet, Text, View } from '@react-pdf/renderer';
import { CONTRACT_PRICE_ITEMS, type ContractPrices, type ContractState, type ContractType } from '@fs/contract';
import {
  base,
  Facts,
  MUTED,
  PAGE_NUMBERS,
  PageFooter,
  RULE,
  Section,
  Table,
} from '../../../platform/pdf/components.js';
import { pdfDate, pdfDecimal, pdfMoney, type PdfLang } from '../../../platform/pdf/format.js';
import { FONT_BOLD } from '../../../platform/pdf/render.js';
import type { ActivityOfPdf } from './pdf-repo.js';

/** The printed contract (GET /contratti/contratto/preview-pdf/{id}): plain data, already chosen. */
export interface ContractPdfModel {
  lang: PdfLang;
  valuta: string;
  azienda: { nome: string; righe: string[] };
  cliente: { nome: string; righe: string[] };
  identificativo: string;
  descrizione: string | null;
  tipo: ContractType;
  stato: ContractState;
  dataInizio: string | null;
  dataFine: string | null;
  dataCessazione: string | null;
  motivoCessazione: string | null;
  rinnovoAutomatico: boolean;
  mesiRinnovo: number | null;
  dataRinnovo: string | null;
  giorniPreavviso: number | null;
  ore: { acquistate: string | null; usate: string; residue: string | null } | null;
  impianti: string[];
  macchinari: { nome: string; matricola: string | null }[];
  mansioni: string[];
  prezzi: ContractPrices | null;
  attivita: ActivityOfPdf[];
}

const WORDS = {
  IT: {
    title: 'Contratto',
    customer: 'Cliente',
    details: 'Dati del contratto',
    identifier: 'Identificativo',
    description: 'Descrizione',
    type: 'Tipo',
    types: { manutenzione: 'Manutenzione', chiamata: 'A chiamata' },
    state: 'Stato',
    states: { attivo: 'Attivo', in_scadenza: 'In scadenza', cessato: 'Cessato' },
    period: 'Periodo',
    from: (a: string, b: string) => `dal ${a} al ${b}`,
    ceased: 'Cessato il',
    reason: 'Motivo',
    renewal: 'Rinnovo',
    autoRenewal: (months: number | null, on: string) =>
      `automatico${months ? ` di ${months} ${months === 1 ? 'mese' : 'mesi'}` : ''}, dal ${on}`,
    noRenewal: 'Nessun rinnovo automatico',
    notice: 'Preavviso scadenza',
    days: (n: number) => `${n} ${n === 1 ? 'giorno' : 'giorni'}`,
    hours: 'Ore del contratto',
    bought: 'Acquistate',
    used: 'Usate',
    left: 'Residue',
    plants: 'Impianti',
    machines: 'Macchinari',
    serial: 'Matricola',
    jobRoles: 'Mansioni',
    prices: 'Prezzi (IVA esclusa)',
    item: 'Voce',
    price: 'Prezzo',
    activities: 'Attività',
    activity: 'Attività',
    frequency: 'Frequenza',
    next: 'Prossime date',
    jobRole: 'Mansione',
    every: (n: number, u: 'giorni' | 'settimane' | 'mesi' | 'anni') =>
      n === 1
        ? { giorni: 'Ogni giorno', settimane: 'Ogni settimana', mesi: 'Ogni mese', anni: 'Ogni anno' }[u]
        : `Ogni ${n} ${u}`,
    variable: (n: number) => `In ${n} ${n === 1 ? 'data stabilita' : 'date stabilite'}`,
    once: (d: string) => `Una volta, il ${d}`,
    none: 'Nessuna',
    page: (n: number, of: number) => `Pagina ${n} di ${of}`,
    voci: {
      ora: 'Ora di lavoro',
      ora_viaggio: 'Ora di viaggio',
      km: 'Km',
      trasferta: 'Trasferta',
      pranzo: 'Pranzo',
      cena: 'Cena',
      pernottamento: 'Pernottamento',
      materiale: 'Sconto sul materiale',
      diritto_chiamata: 'Diritto di chiamata',
      attivita_contratto: 'Attività del contratto',
      importo_forfait: 'Importo a forfait',
    } satisfies Record<keyof ContractPrices, string>,
  },
  EN: {
    title: 'Contract',
    customer: 'Customer',
    details: 'Contract details',
    identifier: 'Identifier',
    description: 'Description',
    type: 'Type',
    types: { manutenzione: 'Maintenance', chiamata: 'On call' },
    state: 'State',
    states: { attivo: 'Active', in_scadenza: 'Expiring', cessato: 'Ended' },
    period: 'Period',
    from: (a: string, b: string) => `from ${a} to ${b}`,
    ceased: 'Ended on',
    reason: 'Reason',
    renewal: 'Renewal',
    autoRenewal: (months: number | null, on: string) =>
      `automatic${months ? ` for ${months} ${months === 1 ? 'month' : 'months'}` : ''}, from ${on}`,
    noRenewal: 'No automatic renewal',
    notice: 'Expiry notice',
    days: (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`,
    hours: 'Contract hours',
    bought: 'Bought',
    used: 'Used',
    left: 'Left',
    plants: 'Plants',
    machines: 'Machines',
    serial: 'Serial no.',
    jobRoles: 'Job roles',
    prices: 'Prices (excluding VAT)',
    item: 'Item',
    price: 'Price',
    activities: 'Activities',
    activity: 'Activity',
    frequency: 'Frequency',
    next: 'Next dates',
    jobRole: 'Job role',
    every: (n: number, u: 'giorni' | 'settimane' | 'mesi' | 'anni') => {
      const en = { giorni: 'day', settimane: 'week', mesi: 'month', anni: 'year' }[u];
      return n === 1 ? `Every ${en}` : `Every ${n} ${en}s`;
    },
    variable: (n: number) => `On ${n} set ${n === 1 ? 'date' : 'dates'}`,
    once: (d: string) => `Once, on ${d}`,
    none: 'None',
    page: (n: number, of: number) => `Page ${n} of ${of}`,
    voci: {
      ora: 'Labour hour',
      ora_viaggio: 'Travel hour',
      km: 'Km',
      trasferta: 'Daily allowance',
      pranzo: 'Lunch',
      cena: 'Dinner',
      pernottamento: 'Overnight stay',
      materiale: 'Discount on material',
      diritto_chiamata: 'Call-out fee',
      attivita_contratto: 'Contract activity',
      importo_forfait: 'Lump sum',
    } satisfies Record<keyof ContractPrices, string>,
  },
};
type Words = (typeof WORDS)['IT'];

/** "Pagina n di m" / "Page n of m": written onto the rendered contract (`renderPdf`'s `pageNumbers`). */
export const contractPageNumbers = (lang: PdfLang) => ({ text: WORDS[lang].page, style: PAGE_NUMBERS });

const s = StyleSheet.create({
  head: { flexDirection: 'row', justifyContent: 'space-between', alignItems: 'flex-start', marginBottom: 10 },
  company: { maxWidth: 300 },
  companyName: { fontFamily: FONT_BOLD, fontSize: 12, marginBottom: 2 },
  logo: { maxWidth: 150, maxHeight: 60, objectFit: 'contain', objectPositionX: 0, marginBottom: 4 },
  titleBox: { alignItems: 'flex-end' },
  title: { fontFamily: FONT_BOLD, fontSize: 15 },
  number: { fontFamily: FONT_BOLD, fontSize: 12, marginTop: 2 },
  state: { marginTop: 4, paddingVertical: 2, paddingHorizontal: 6, borderWidth: 1, borderColor: RULE, fontSize: 8 },
  columns: { flexDirection: 'row', gap: 16 },
  column: { flex: 1 },
  small: { fontSize: 7.5, color: MUTED },
});

/** An activity's frequency in words: "Ogni 3 mesi", "Every month", "Una volta, il 12/03/2026". */
export function frequencyWords(w: Words, a: Pick<ActivityOfPdf, 'frequenza' | 'ogni' | 'unita' | 'date'>): string {
  if (a.frequenza === 'fissa' && a.ogni && a.unita) return w.every(a.ogni, a.unita);
  if (a.frequenza === 'data_singola' && a.date?.[0]) return w.once(pdfDate(a.date[0]));
  return w.variable(a.date?.length ?? 0);
}

export function ContractPdf({
  model: m,
  logo,
}: {
  model: ContractPdfModel;
  logo: { data: Buffer; format: 'png' | 'jpg' } | null;
}) {
  const w = WORDS[m.lang];
  const num = (v: string | null | undefined) => pdfDecimal(v, m.lang);
  const period = m.dataInizio && m.dataFine ? w.from(pdfDate(m.dataInizio), pdfDate(m.dataFine)) : null;
  const prices = CONTRACT_PRICE_ITEMS.filter((k) => m.prezzi?.[k] !== undefined && m.prezzi?.[k] !== null);
  return (
    <Document
      title={`${w.title} ${m.identificativo}`}
      author={m.azienda.nome}
      creator={m.azienda.nome}
      language={m.lang.toLowerCase()}
    >
      <Page size="A4" style={base.page}>
        <View style={s.head}>
          <View style={s.company}>
            {logo ? <Image style={s.logo} src={{ data: logo.data, format: logo.format }} /> : null}
            <Text style={s.companyName}>{m.azienda.nome}</Text>
            {m.azienda.righe.map((r) => (
              <Text key={r} style={s.small}>
                {r}
              </Text>
            ))}
          </View>
          <View style={s.titleBox}>
            <Text style={s.title}>{w.title}</Text>
            <Text style={s.number}>{m.identificativo}</Text>
            <Text style={s.state}>{w.states[m.stato]}</Text>
          </View>
        </View>

        <View style={s.columns}>
          <View style={s.column}>
            <Section title={w.customer}>
              <Text style={base.bold}>{m.cliente.nome}</Text>
              {m.cliente.righe.map((r) => (
                <Text key={r}>{r}</Text>
              ))}
            </Section>
          </View>
          <View style={s.column}>
            <Section title={w.details}>
              <Facts
                labelWidth={95}
                items={[
                  [w.identifier, m.identificativo],
                  [w.type, w.types[m.tipo]],
                  [w.state, w.states[m.stato]],
                  [w.period, period],
                  [w.ceased, pdfDate(m.dataCessazione)],
                  [w.reason, m.motivoCessazione],
                  [
                    w.renewal,
                    m.rinnovoAutomatico && m.dataRinnovo
                      ? w.autoRenewal(m.mesiRinnovo, pdfDate(m.dataRinnovo))
                      : w.noRenewal,
                  ],
                  [w.notice, m.giorniPreavviso !== null ? w.days(m.giorniPreavviso) : null],
                ]}
              />
            </Section>
          </View>
        </View>
        {m.descrizione ? (
          <Section title={w.description}>
            <Text>{m.descrizione}</Text>
          </Section>
        ) : null}

        {m.ore ? (
          <Section title={w.hours}>
            <Facts
              labelWidth={95}
              items={[
                [w.bought, num(m.ore.acquistate)],
                [w.used, num(m.ore.usate) || '0'],
                [w.left, num(m.ore.residue)],
              ]}
            />
          </Section>
        ) : null}

        {m.impianti.length ? (
          <Section title={w.plants}>
            <Text>{m.impianti.join(', ')}</Text>
          </Section>
        ) : null}
        {m.macchinari.length ? (
          <Section title={w.machines}>
            <Table
              columns={[
                { label: w.machines, width: 3 },
                { label: w.serial, width: 2 },
              ]}
              rows={m.macchinari.map((x) => [x.nome, x.matricola ?? ''])}
            />
          </Section>
        ) : null}
        {m.mansioni.length ? (
          <Section title={w.jobRoles}>
            <Text>{m.mansioni.join(', ')}</Text>
          </Section>
        ) : null}

        {prices.length ? (
          <Section title={w.prices}>
            <Table
              columns={[
                { label: w.item, width: 4 },
                { label: w.price, width: 1.5, align: 'right' },
              ]}
              rows={prices.map((k) => [
                w.voci[k],
                k === 'materiale' ? `${num(m.prezzi![k]!)} %` : pdfMoney(m.prezzi![k]!, m.lang, m.valuta),
              ])}
            />
          </Section>
        ) : null}

        {m.attivita.length ? (
          <Section title={w.activities}>
            <Table
              columns={[
                { label: w.activity, width: 3 },
                { label: w.jobRole, width: 1.6 },
                { label: w.frequency, width: 2 },
                { label: w.next, width: 2.4 },
              ]}
              rows={m.attivita.map((a) => [
                a.impianto ? `${a.descrizione} (${a.impianto})` : a.descrizione,
                a.mansione ?? '',
                frequencyWords(w, a),
                a.prossime.map(pdfDate).join(', ') || '–',
              ])}
            />
          </Section>
        ) : null}

        <PageFooter left={`${m.azienda.nome} – ${w.title} ${m.identificativo}`} page={w.page} />
      </Page>
    </Document>
  );
}
