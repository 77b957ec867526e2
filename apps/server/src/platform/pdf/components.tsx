/** @jsxRuntime automatic */
/** @jsxImportSource react */
// The JSX runtime is named here as well as in apps/server/tsconfig.json: tsx started from another
// directory (bench/, the repository root) does not read that tsconfig.
import type { ReactNode } from 'react';
import { StyleSheet, Text, View } from '@react-pdf/renderer';
import { pageNumberWidth, type PageNumberStyle } from './page-numbers.js';
import { FONT, FONT_BOLD } from './render.js';

/** Building blocks shared by the documents: page style, sections, label/value facts, tables, footer. */
export const INK = '#1f2933';
export const MUTED = '#616e7c';
export const RULE = '#cbd2d9';
export const SHADE = '#f0f4f8';

/** Where "page n of m" is written (render.ts stamps it): the right end of the footer's line. */
export const PAGE_NUMBERS: PageNumberStyle = { right: 36, bottom: 20, fontSize: 7.5, color: MUTED };

export const base = StyleSheet.create({
  page: { paddingTop: 32, paddingBottom: 44, paddingHorizontal: 36, fontFamily: FONT, fontSize: 9, color: INK },
  bold: { fontFamily: FONT_BOLD },
  muted: { color: MUTED },
  sectionTitle: {
    fontFamily: FONT_BOLD,
    fontSize: 10,
    marginTop: 12,
    marginBottom: 4,
    paddingBottom: 2,
    borderBottomWidth: 1,
    borderBottomColor: INK,
  },
  factRow: { flexDirection: 'row', marginBottom: 2 },
  factLabel: { width: 110, color: MUTED },
  factValue: { flex: 1 },
  th: { flexDirection: 'row', backgroundColor: SHADE, borderBottomWidth: 1, borderBottomColor: RULE },
  tr: { flexDirection: 'row', borderBottomWidth: 0.5, borderBottomColor: RULE },
  cell: { paddingVertical: 3, paddingHorizontal: 3 },
  footer: {
    position: 'absolute',
    bottom: PAGE_NUMBERS.bottom,
    left: 36,
    right: PAGE_NUMBERS.right,
    flexDirection: 'row',
    justifyContent: 'space-between',
    fontSize: PAGE_NUMBERS.fontSize,
    color: PAGE_NUMBERS.color,
  },
});

/** A titled part of the document; the title never stays alone at the bottom of a page. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <View>
      <Text style={base.sectionTitle} minPresenceAhead={40}>
        {title}
      </Text>
      {children}
    </View>
  );
}

/** Label and value pairs, one a line; pairs without a value are left out. */
export function Facts({ items, labelWidth }: { items: [string, string | null | undefined][]; labelWidth?: number }) {
  return (
    <View>
      {items
        .filter(([, v]) => v !== null && v !== undefined && v !== '')
        .map(([label, value]) => (
          <View key={label} style={base.factRow} wrap={false}>
            <Text style={labelWidth ? [base.factLabel, { width: labelWidth }] : base.factLabel}>{label}</Text>
            <Text style={base.factValue}>{value}</Text>
          </View>
        ))}
    </View>
  );
}

export interface Column {
  label: string;
  /** Relative width (flex grow). */
  width: number;
  align?: 'left' | 'right' | 'center';
}

/** A table of text cells; the header repeats on every page the table spans, rows never split. */
export function Table({ columns, rows, footer }: { columns: Column[]; rows: string[][]; footer?: string[] }) {
  const cells = (values: string[], bold = false) =>
    columns.map((c, i) => (
      <Text key={i} style={[base.cell, { flex: c.width, textAlign: c.align ?? 'left' }, bold ? base.bold : {}]}>
        {values[i] ?? ''}
      </Text>
    ));
  return (
    <View>
      <View style={base.th} fixed>
        {cells(
          columns.map((c) => c.label),
          true,
        )}
      </View>
      {rows.map((r, i) => (
        <View key={i} style={base.tr} wrap={false}>
          {cells(r)}
        </View>
      ))}
      {footer ? (
        <View style={[base.tr, { borderBottomWidth: 0 }]} wrap={false}>
          {cells(footer, true)}
        </View>
      ) : null}
    </View>
  );
}

/**
 * The footer of every page: a left text and "page n of m" in the document's words. The number is
 * written after the render (`renderPdf`'s `pageNumbers`, with PAGE_NUMBERS); here its place is kept
 * free, as wide as "page 88 of 88", so a long left text wraps before it instead of running under it.
 */
export function PageFooter({ left, page }: { left: string; page: (n: number, of: number) => string }) {
  return (
    <View style={base.footer} fixed>
      <Text>{left}</Text>
      <View style={{ width: pageNumberWidth(page(88, 88), PAGE_NUMBERS.fontSize) }} />
    </View>
  );
}
