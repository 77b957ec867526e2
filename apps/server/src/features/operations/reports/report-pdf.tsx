/** @jsxRuntime automatic */
/** @jsxImportSource react */
// The JSX runtime is named here as well as in apps/server/tsconfig.json: tsx started from another
// directory (bench/, the repository root) does not read that tsconfig.
import { Document, Image, Page, StyleSheet, Text, View } from '@react-pdf/renderer';
import {
  add,
  dec,
  str,
  type CustomFieldPosition,
  type CustomFieldType,
  type Prices,
  type PriceLine,
  type ReportState,
} from '@fs/contract';
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
import { pdfDate, pdfDateTime, pdfDecimal, pdfMoney, type PdfLang } from '../../../platform/pdf/format.js';
import { FONT_BOLD } from '../../../platform/pdf/render.js';

/**
 * The printed work report (issue 12): everything the document shows, already chosen (print-visible
 * custom fields only, prices only when the company prints them). Plain data: its hash decides when
 * the stored PDF is made again (report-pdf.ts).
 */
export interface ReportPdfModel {
  lang: PdfLang;
  valuta: string;
  timeZone: string;
  azienda: { nome: string; righe: string[] };
  /** The logo's media id (its bytes are passed beside the model). */
  logoId: string | null;
  numero: string;
  stato: ReportState;
  completato: boolean;
  dataApertura: string;
  dataChiusura: string | null;
  dataAppuntamento: string | null;
  tipoIntervento: string | null;
  motivazione: string | null;
  cliente: { nome: string; righe: string[] };
  clienteFatturazione: string | null;
  impianto: { nome: string; indirizzo: string | null } | null;
  macchinari: { nome: string; matricola: string }[];
  mansione: string | null;
  tecnici: string[];
  richiestaIniziale: string | null;
  giornate: {
    data: string;
    tecnico: string;
    ore: string;
    km: string;
    oreViaggio: string;
    pranzo: boolean;
    cena: boolean;
    pernottamento: boolean;
    ritorno: boolean;
  }[];
  totaleOre: string;
  materiali: {
    codice: string | null;
    descrizione: string;
    quantita: string;
    unita: string | null;
    prezzo: string | null;
  }[];
  /** Only when the company prints prices (option rapportini_stampa_prezzi). */
  prezzi: Prices | null;
  campi: { nome: string; tipo: CustomFieldType; posizione: CustomFieldPosition; valore: string }[];
  controlli: { descrizione: string; esito: 'ok' | 'ko' | 'na' | null; note: string | null }[];
  allegati: string[];
  note: string | null;
  /** The customer's signature (its image's bytes are passed beside the model). */
  firma: { mediaId: string; firmatario: string; firmatoIl: string; remoto: boolean } | null;
  /**
   * The report's technicians, each with the hash of their own signature when they have one (its image's bytes
   * are passed beside the model, in this order).
   */
  firmeTecnici: { nome: string; firma: string | null }[];
}

const WORDS = {
  IT: {
    title: 'Rapporto di intervento',
    details: "Dati dell'intervento",
    number: 'N.',
    state: { NUOVO: 'Nuovo', APERTO: 'Aperto', CHIUSO: 'Chiuso', completato: 'Completato' },
    vat: 'P. IVA',
    taxCode: 'C.F.',
    phone: 'Tel.',
    opened: 'Data apertura',
    closed: 'Data chiusura',
    appointment: 'Appuntamento',
    signature: 'Accettazione del cliente',
    acceptance:
      "Il cliente dichiara che l'intervento descritto in questo rapporto è stato eseguito e ne accetta il contenuto.",
    technicianSignature: 'Il tecnico',
    signedBy: 'Firmato da',
    signedAt: (date: string, time: string) => `Firmato il ${date} alle ${time}`,
    signedRemotely: 'firmato a distanza tramite link',
    type: 'Tipo di intervento',
    reason: 'Motivazione',
    customer: 'Cliente',
    billTo: 'Fatturare a',
    plant: 'Impianto',
    machines: 'Macchinari',
    serial: 'Matricola',
    jobRole: 'Mansione',
    technicians: 'Tecnici',
    request: 'Richiesta iniziale',
    days: 'Giornate lavorate',
    date: 'Data',
    technician: 'Tecnico',
    hours: 'Ore',
    km: 'Km viaggio',
    travelHours: 'Ore viaggio',
    meals: 'Pasti e pernottamento',
    lunch: 'Pranzo',
    dinner: 'Cena',
    overnight: 'Pernott.',
    returnTrip: 'ritorno',
    total: 'Totale',
    materials: 'Materiali',
    code: 'Codice',
    description: 'Descrizione',
    quantity: 'Quantità',
    unit: 'U.M.',
    unitPrice: 'Prezzo unitario',
    prices: 'Prezzi',
    item: 'Voce',
    amount: 'Importo',
    totalNoVat: 'Totale IVA esclusa',
    lumpSum: 'A forfait',
    checks: 'Controlli',
    check: 'Controllo',
    outcome: 'Esito',
    notes: 'Note',
    outcomes: { ok: 'OK', ko: 'Non OK', na: 'N/A' },
    fields: 'Altre informazioni',
    attachments: 'Allegati',
    finalNotes: 'Note finali',
    yes: 'Sì',
    no: 'No',
    none: 'Nessuna',
    page: (n: number, of: number) => `Pagina ${n} di ${of}`,
    voci: {
      ore: 'Manodopera',
      ore_viaggio: 'Ore di viaggio',
      km: 'Km',
      pranzo: 'Pranzi',
      cena: 'Cene',
      pernottamento: 'Pernottamenti',
      trasferta: 'Trasferta',
      diritto_chiamata: 'Diritto di chiamata',
      attivita_contratto: 'Attività di contratto',
      forfait: 'Forfait',
      materiale: 'Materiale',
      campo: 'Campo',
    } satisfies Record<PriceLine['voce'], string>,
    tipi: {
      ordinario: 'Ordinario',
      straordinario: 'Straordinario',
      garanzia: 'In garanzia',
      installazione: 'Installazione',
      sopralluogo: 'Sopralluogo',
    } as Record<string, string>,
  },
  EN: {
    title: 'Service report',
    details: 'Intervention',
    number: 'No.',
    state: { NUOVO: 'New', APERTO: 'Open', CHIUSO: 'Closed', completato: 'Completed' },
    vat: 'VAT no.',
    taxCode: 'Tax code',
    phone: 'Tel.',
    opened: 'Opened on',
    closed: 'Closed on',
    appointment: 'Appointment',
    signature: "Customer's acceptance",
    acceptance: 'The customer confirms that the work described in this report has been carried out and accepts it.',
    technicianSignature: 'Technician',
    signedBy: 'Signed by',
    signedAt: (date: string, time: string) => `Signed on ${date} at ${time}`,
    signedRemotely: 'signed remotely through a link',
    type: 'Type of intervention',
    reason: 'Reason',
    customer: 'Customer',
    billTo: 'Bill to',
    plant: 'Plant',
    machines: 'Machines',
    serial: 'Serial number',
    jobRole: 'Job role',
    technicians: 'Technicians',
    request: 'Initial request',
    days: 'Days worked',
    date: 'Date',
    technician: 'Technician',
    hours: 'Hours',
    km: 'Travel km',
    travelHours: 'Travel hours',
    meals: 'Meals and overnight',
    lunch: 'Lunch',
    dinner: 'Dinner',
    overnight: 'Overnight',
    returnTrip: 'return',
    total: 'Total',
    materials: 'Materials',
    code: 'Code',
    description: 'Description',
    quantity: 'Quantity',
    unit: 'Unit',
    unitPrice: 'Unit price',
    prices: 'Prices',
    item: 'Item',
    amount: 'Amount',
    totalNoVat: 'Total excluding VAT',
    lumpSum: 'Lump sum',
    checks: 'Checks',
    check: 'Check',
    outcome: 'Outcome',
    notes: 'Notes',
    outcomes: { ok: 'OK', ko: 'Not OK', na: 'N/A' },
    fields: 'Further information',
    attachments: 'Attachments',
    finalNotes: 'Final notes',
    yes: 'Yes',
    no: 'No',
    none: 'None',
    page: (n: number, of: number) => `Page ${n} of ${of}`,
    voci: {
      ore: 'Labour',
      ore_viaggio: 'Travel hours',
      km: 'Km',
      pranzo: 'Lunches',
      cena: 'Dinners',
      pernottamento: 'Overnight stays',
      trasferta: 'Daily allowance',
      diritto_chiamata: 'Call-out fee',
      attivita_contratto: 'Contract activity',
      forfait: 'Lump sum',
      materiale: 'Material',
      campo: 'Field',
    } satisfies Record<PriceLine['voce'], string>,
    tipi: {
      ordinario: 'Routine',
      straordinario: 'Extraordinary',
      garanzia: 'Under warranty',
      installazione: 'Installation',
      sopralluogo: 'Inspection',
    } as Record<string, string>,
  },
};
export type ReportWords = (typeof WORDS)['IT'];

/** "Pagina n di m" / "Page n of m": written onto the rendered report (`renderPdf`'s `pageNumbers`). */
export const reportPageNumbers = (lang: PdfLang) => ({ text: WORDS[lang].page, style: PAGE_NUMBERS });

const s = StyleSheet.create({
  head: { flexDirection: 'row', justifyContent: 'space-between', alignItems: 'flex-start', marginBottom: 10 },
  company: { maxWidth: 300 },
  companyName: { fontFamily: FONT_BOLD, fontSize: 12, marginBottom: 2 },
  logo: { maxWidth: 150, maxHeight: 60, objectFit: 'contain', objectPositionX: 0, marginBottom: 4 },
  titleBox: { alignItems: 'flex-end' },
  title: { fontFamily: FONT_BOLD, fontSize: 15 },
  number: { fontFamily: FONT_BOLD, fontSize: 12, marginTop: 2 },
  state: {
    marginTop: 4,
    paddingVertical: 2,
    paddingHorizontal: 6,
    borderWidth: 1,
    borderColor: RULE,
    borderRadius: 3,
    fontSize: 8,
  },
  columns: { flexDirection: 'row', gap: 16 },
  column: { flex: 1 },
  block: { marginTop: 2 },
  fields: { marginTop: 6 },
  paragraph: { lineHeight: 1.35 },
  small: { fontSize: 7.5, color: MUTED },
  totalRow: { flexDirection: 'row', justifyContent: 'flex-end', marginTop: 4 },
});

const lines = (values: (string | null | undefined)[]) => values.filter((v): v is string => !!v && v.trim() !== '');

/** A custom field's value as printed: yes/no, dates DD/MM/YYYY, decimals the document's way. */
function campoText(w: ReportWords, lang: PdfLang, tipo: CustomFieldType, valore: string): string {
  switch (tipo) {
    case 'vero_falso':
      return valore === 'true' ? w.yes : w.no;
    case 'data':
      return pdfDate(valore) || valore;
    case 'numero':
      return pdfDecimal(valore, lang, 4) || valore;
    case 'ora':
    case 'scelta':
    case 'testo_breve':
    case 'testo_lungo':
      return valore;
  }
}

export interface ReportPdfProps {
  model: ReportPdfModel;
  logo: { data: Buffer; format: 'png' | 'jpg' } | null;
  /** The customer's signature image (PNG), when the report is signed. */
  signature?: Buffer | null;
  /** The technicians' own signature images (PNG), in the order of `firmeTecnici` (null: none). */
  technicianSignatures?: (Buffer | null)[];
}

/** The document. */
/** When the customer signed, as a sentence: "Firmato il 23/11/2026 alle 10:15" on the report's clock. */
function signedAt(w: ReportWords, at: string, timeZone: string): string {
  const when = pdfDateTime(at, timeZone);
  return w.signedAt(when.slice(0, 10), when.slice(11));
}

export function ReportPdf({ model: m, logo, signature, technicianSignatures = [] }: ReportPdfProps) {
  const w = WORDS[m.lang];
  const money = (v: string | null | undefined) => pdfMoney(v, m.lang, m.valuta);
  const num = (v: string | null | undefined) => pdfDecimal(v, m.lang);
  const fieldsAt = (pos: CustomFieldPosition) => {
    const here = m.campi.filter((c) => c.posizione === pos);
    return here.length ? (
      <View style={s.fields}>
        <Facts items={here.map((c) => [c.nome, campoText(w, m.lang, c.tipo, c.valore)])} labelWidth={140} />
      </View>
    ) : null;
  };
  const stato = m.completato ? w.state.completato : w.state[m.stato];
  const meals = (g: ReportPdfModel['giornate'][number]) =>
    lines([g.pranzo ? w.lunch : null, g.cena ? w.dinner : null, g.pernottamento ? w.overnight : null]).join(', ');
  const sumOf = (values: string[]) => str(add(...values.map((v) => dec(v))));
  // With prices, each material's amount sits on its own row of the materials table (the price lines of
  // materials follow the materials' order) and the prices table sums them up in one line.
  const materialLines = m.prezzi?.righe.filter((r) => r.voce === 'materiale') ?? [];
  const inline = !!m.prezzi && materialLines.length === m.materiali.length && m.materiali.length > 0;
  const priceRows = (m.prezzi?.righe ?? []).filter((r) => !inline || r.voce !== 'materiale');

  return (
    <Document
      title={`${w.title} ${m.numero}`}
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
            <Text style={s.number}>
              {w.number} {m.numero}
            </Text>
            <Text style={s.state}>{stato}</Text>
          </View>
        </View>

        <View style={s.columns}>
          <View style={s.column}>
            <Section title={w.customer}>
              <Text style={base.bold}>{m.cliente.nome}</Text>
              {m.cliente.righe.map((r) => (
                <Text key={r}>{r}</Text>
              ))}
              {m.clienteFatturazione ? (
                <View style={s.block}>
                  <Facts items={[[w.billTo, m.clienteFatturazione]]} labelWidth={70} />
                </View>
              ) : null}
            </Section>
          </View>
          <View style={s.column}>
            <Section title={w.details}>
              <Facts
                labelWidth={95}
                items={[
                  [w.opened, pdfDate(m.dataApertura)],
                  [w.appointment, pdfDateTime(m.dataAppuntamento, m.timeZone)],
                  [w.closed, pdfDateTime(m.dataChiusura, m.timeZone)],
                  [w.type, m.tipoIntervento ? (w.tipi[m.tipoIntervento] ?? m.tipoIntervento) : null],
                  [w.reason, m.motivazione],
                  [w.jobRole, m.mansione],
                  [w.technicians, m.tecnici.join(', ')],
                ]}
              />
            </Section>
          </View>
        </View>

        {m.impianto || m.macchinari.length ? (
          <Section title={m.impianto ? w.plant : w.machines}>
            {m.impianto ? (
              <Text>
                <Text style={base.bold}>{m.impianto.nome}</Text>
                {m.impianto.indirizzo ? ` – ${m.impianto.indirizzo}` : ''}
              </Text>
            ) : null}
            {m.macchinari.length ? (
              <View style={s.block}>
                <Table
                  columns={[
                    { label: w.machines, width: 3 },
                    { label: w.serial, width: 2 },
                  ]}
                  rows={m.macchinari.map((x) => [x.nome, x.matricola])}
                />
              </View>
            ) : null}
          </Section>
        ) : null}
        {fieldsAt('intestazione')}

        {m.richiestaIniziale ? (
          <Section title={w.request}>
            <Text style={s.paragraph}>{m.richiestaIniziale}</Text>
          </Section>
        ) : null}
        {fieldsAt('richiesta_iniziale')}

        {m.giornate.length ? (
          <Section title={w.days}>
            <Table
              columns={[
                { label: w.date, width: 1.2 },
                { label: w.technician, width: 2.4 },
                { label: w.hours, width: 0.8, align: 'right' },
                { label: w.km, width: 1, align: 'right' },
                { label: w.travelHours, width: 1.1, align: 'right' },
                { label: w.meals, width: 2 },
              ]}
              rows={m.giornate.map((g) => [
                pdfDate(g.data),
                g.ritorno ? `${g.tecnico} (${w.returnTrip})` : g.tecnico,
                num(g.ore),
                num(g.km),
                num(g.oreViaggio),
                meals(g),
              ])}
              footer={[
                w.total,
                '',
                num(m.totaleOre),
                num(sumOf(m.giornate.map((g) => g.km))),
                num(sumOf(m.giornate.map((g) => g.oreViaggio))),
                '',
              ]}
            />
          </Section>
        ) : null}
        {fieldsAt('ore_lavorate')}

        {m.materiali.length ? (
          <Section title={w.materials}>
            <Table
              columns={[
                { label: w.code, width: 1.4 },
                { label: w.description, width: 4 },
                { label: w.quantity, width: 1, align: 'right' },
                { label: w.unit, width: 0.7 },
                ...(m.prezzi ? [{ label: w.unitPrice, width: 1.3, align: 'right' as const }] : []),
                ...(inline ? [{ label: w.amount, width: 1.3, align: 'right' as const }] : []),
              ]}
              rows={m.materiali.map((x, i) => [
                x.codice ?? '',
                x.descrizione,
                num(x.quantita),
                x.unita ?? '',
                ...(inline
                  ? [money(materialLines[i]!.prezzo_unitario), money(materialLines[i]!.importo)]
                  : m.prezzi
                    ? [money(x.prezzo)]
                    : []),
              ])}
            />
          </Section>
        ) : null}
        {fieldsAt('materiale')}

        {m.prezzi ? (
          <Section title={m.prezzi.forfait ? `${w.prices} (${w.lumpSum})` : w.prices}>
            <Table
              columns={[
                { label: w.item, width: 4 },
                { label: w.quantity, width: 1, align: 'right' },
                { label: w.unitPrice, width: 1.4, align: 'right' },
                { label: w.amount, width: 1.4, align: 'right' },
              ]}
              rows={[
                ...priceRows.map((r) => [
                  r.descrizione ? `${w.voci[r.voce]} – ${r.descrizione}` : w.voci[r.voce],
                  num(r.quantita),
                  money(r.prezzo_unitario),
                  money(r.importo),
                ]),
                ...(inline ? [[w.materials, '', '', money(sumOf(materialLines.map((r) => r.importo)))]] : []),
              ]}
              footer={[w.totalNoVat, '', '', money(m.prezzi.totale)]}
            />
          </Section>
        ) : null}

        {m.controlli.length ? (
          <Section title={w.checks}>
            <Table
              columns={[
                { label: w.check, width: 4 },
                { label: w.outcome, width: 1 },
                { label: w.notes, width: 3 },
              ]}
              rows={m.controlli.map((c) => [c.descrizione, c.esito ? w.outcomes[c.esito] : '–', c.note ?? ''])}
            />
          </Section>
        ) : null}
        {fieldsAt('controlli')}

        {m.allegati.length ? (
          <Section title={w.attachments}>
            {m.allegati.map((f, i) => (
              <Text key={i}>• {f}</Text>
            ))}
          </Section>
        ) : null}

        {m.note ? (
          <Section title={w.finalNotes}>
            <Text style={s.paragraph}>{m.note}</Text>
          </Section>
        ) : null}
        {fieldsAt('chiusura')}

        {m.firmeTecnici.length ? (
          <Section title={w.technicianSignature}>
            <View wrap={false} style={{ flexDirection: 'row', flexWrap: 'wrap' }}>
              {m.firmeTecnici.map((t, i) => (
                <View key={`${i}-${t.nome}`} style={{ width: 200, marginRight: 16 }}>
                  {technicianSignatures[i] ? (
                    <Image
                      src={{ data: technicianSignatures[i], format: 'png' }}
                      style={{ width: 180, height: 60, objectFit: 'contain' }}
                    />
                  ) : null}
                  <Text style={s.paragraph}>{t.nome}</Text>
                </View>
              ))}
            </View>
          </Section>
        ) : null}

        {m.firma ? (
          <Section title={w.signature}>
            <View wrap={false}>
              {/* What the customer accepts by signing, above the signature. */}
              <Text style={s.paragraph}>{w.acceptance}</Text>
              {signature ? (
                <Image
                  src={{ data: signature, format: 'png' }}
                  style={{ width: 180, height: 70, objectFit: 'contain' }}
                />
              ) : null}
              <Facts
                items={[
                  [w.signedBy, m.firma.firmatario],
                  // The signing time says what it is: "Firmato il 23/11/2026 alle 10:15".
                  ['', signedAt(w, m.firma.firmatoIl, m.timeZone)],
                  ...(m.firma.remoto ? ([['', w.signedRemotely]] as [string, string][]) : []),
                ]}
                labelWidth={80}
              />
            </View>
          </Section>
        ) : null}

        <PageFooter left={`${m.azienda.nome} – ${w.title} ${w.number} ${m.numero}`} page={w.page} />
      </Page>
    </Document>
  );
}
