import { describe, expect, it } from 'vitest';
import {
  addMonths,
  change,
  changeText,
  formatMeasure,
  periodDays,
  periodLabel,
  rangeProblem,
  readAddress,
  closedLink,
  reportsLink,
  summaryText,
} from './logic';
import { crc32, csvText, xlsxParts, zipStored } from './table-file';

const TODAY = '2026-12-07';

describe('the statistics address', () => {
  it('opens on the general tab and the last 30 days, and ignores what is out of place', () => {
    expect(readAddress(new URLSearchParams(''), TODAY)).toEqual({
      tab: 'general',
      periodo: 'ultimi_30',
      dal: '2026-11-08',
      al: TODAY,
    });
    expect(readAddress(new URLSearchParams('tab=nope&periodo=sempre&dal=2026-13-45'), TODAY).tab).toBe('general');
    expect(readAddress(new URLSearchParams('tab=nope&periodo=sempre&dal=2026-13-45'), TODAY).periodo).toBe('ultimi_30');
  });

  it('takes a shortcut cut on the company day, and a free range over a shortcut', () => {
    expect(readAddress(new URLSearchParams('tab=technicians&periodo=mese_scorso'), TODAY)).toEqual({
      tab: 'technicians',
      periodo: 'mese_scorso',
      dal: '2026-11-01',
      al: '2026-11-30',
    });
    expect(readAddress(new URLSearchParams('periodo=oggi&dal=2026-01-01&al=2026-03-31'), TODAY)).toEqual({
      tab: 'general',
      periodo: null,
      dal: '2026-01-01',
      al: '2026-03-31',
    });
  });
});

describe('the 12-month limit (spec operations 5, code -2)', () => {
  it('adds calendar months, the last day of a shorter month', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2025-03-15', 12)).toBe('2026-03-15');
  });

  it('accepts exactly 12 months and refuses a day more, 13 months, a reversed or missing range', () => {
    expect(rangeProblem('2025-01-01', '2025-12-31')).toBeNull();
    expect(rangeProblem('2025-03-15', '2026-03-14')).toBeNull();
    expect(rangeProblem('2025-03-15', '2026-03-15')).toBe('tooWide');
    expect(rangeProblem('2025-11-01', '2026-11-30')).toBe('tooWide');
    expect(rangeProblem('2026-02-01', '2026-01-31')).toBe('order');
    expect(rangeProblem('', '2026-01-31')).toBe('missing');
    expect(rangeProblem('2026-01-01', '2026-01-01')).toBeNull();
  });
});

describe("a series' periods", () => {
  it('are the days of a month kept within the range, or one day', () => {
    const range = { dal: '2026-03-10', al: '2026-05-20' };
    expect(periodDays('2026-03', range)).toEqual({ dal: '2026-03-10', al: '2026-03-31' });
    expect(periodDays('2026-04', range)).toEqual({ dal: '2026-04-01', al: '2026-04-30' });
    expect(periodDays('2026-05', range)).toEqual({ dal: '2026-05-01', al: '2026-05-20' });
    expect(periodDays('2026-04-02', range)).toEqual({ dal: '2026-04-02', al: '2026-04-02' });
  });

  it('are labelled the Italian way on axes and rows', () => {
    expect(periodLabel('2026-03', 'it')).toBe('mar 2026');
    expect(periodLabel('2026-03', 'it', true)).toBe('marzo 2026');
    expect(periodLabel('2026-03-05', 'it')).toBe('05/03');
    expect(periodLabel('2026-03-05', 'it', true)).toBe('05/03/2026');
  });
});

describe('numbers and summaries', () => {
  it('writes hours, km, money and counts as Italian does', () => {
    expect(formatMeasure(1234.5, 'hours', 'it')).toBe('1.234,5');
    expect(formatMeasure(1234.567, 'km', 'it')).toBe('1.234,57');
    expect(formatMeasure(2450, 'money', 'it')).toBe('2.450,00\u00a0€');
    expect(formatMeasure(12345, 'count', 'it')).toBe('12.345');
    expect(formatMeasure(2.25, 'days', 'it')).toBe('2,3');
    expect(formatMeasure(null, 'money', 'it')).toBe('');
  });

  it('compares with the previous period in whole percent, none when it had nothing', () => {
    expect(change(1234.5, 1102.23)).toBe(12);
    expect(change(90, 100)).toBe(-10);
    expect(change(5, 0)).toBeNull();
    expect(changeText(12, 'it')).toBe('+12%');
    expect(changeText(-3, 'it')).toBe('−3%');
    expect(changeText(0, 'it')).toBe('0%');
  });

  it('makes the short text of a chart', () => {
    const compare = (c: string) => `${c} sul periodo precedente`;
    expect(summaryText('Ore lavorate', '1.234,5', 12, 'it', compare)).toBe(
      'Ore lavorate: 1.234,5 (+12% sul periodo precedente)',
    );
    expect(summaryText('Ore lavorate', '0', null, 'it', compare)).toBe('Ore lavorate: 0');
  });

  it("links a bar to the report list's own filters, empty ones left out", () => {
    expect(
      reportsLink({ tecnico_id: 'abc', stato: 'CHIUSO', dal: '2026-03-01', al: '2026-03-31', cliente_id: null }),
    ).toBe('/interventions?tecnico_id=abc&stato=CHIUSO&dal=2026-03-01&al=2026-03-31');
    // Closed reports (a technician's, revenue): by their closing days, not their opening days.
    expect(closedLink({ dal: '2026-03-01', al: '2026-03-31' }, { tecnico_id: 'abc' })).toBe(
      '/interventions?tecnico_id=abc&stato=CHIUSO&chiuso_dal=2026-03-01&chiuso_al=2026-03-31',
    );
  });
});

describe("the lists' own files", () => {
  const file = {
    name: 'statistiche',
    headers: ['Cliente', 'Ore lavorate'],
    rows: [
      ['=HYPERLINK("x")', 1234.5],
      ['Rossi; figli', null],
    ],
  };

  it('writes a CSV an Italian Excel opens: BOM, semicolons, decimal comma, no formula', () => {
    expect(csvText(file)).toBe('\uFEFFCliente;Ore lavorate\r\n"\'=HYPERLINK(""x"")";1234,5\r\n"Rossi; figli";\r\n');
  });

  it('writes an XLSX: a zip whose sheet holds numbers as numbers and text inline', () => {
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
    const parts = xlsxParts(file);
    const sheet = parts.find(([p]) => p === 'xl/worksheets/sheet1.xml')![1];
    expect(sheet).toContain('<c r="B2"><v>1234.5</v></c>');
    expect(sheet).toContain('<t xml:space="preserve">\'=HYPERLINK(&quot;x&quot;)</t>');
    const zip = zipStored(parts);
    const view = new DataView(zip.buffer);
    expect(view.getUint32(0, true)).toBe(0x04034b50);
    const end = zip.length - 22;
    expect(view.getUint32(end, true)).toBe(0x06054b50);
    expect(view.getUint16(end + 10, true)).toBe(parts.length);
  });
});
