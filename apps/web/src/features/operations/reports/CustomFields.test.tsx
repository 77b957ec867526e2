import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { ReportField } from '@fs/contract';
import { renderUi } from '../../../test/render';
import { CustomFields } from './CustomFields';

const campo = (over: Partial<ReportField>): ReportField => ({
  campo_id: 'c1',
  nome: 'Campo',
  tipo: 'testo_breve',
  tipo_campo: 'testo_breve',
  posizione: 'chiusura',
  ordine: 1,
  obbligatorio: false,
  abilitazione: true,
  valore_richiesto: null,
  visibilita: { app: true, web: true, stampa: true },
  scelte: [],
  valore: null,
  ...over,
});

describe('custom fields on the report', () => {
  it('mark every required field with its asterisk, a yes/no whose "Sì" is required too, and flag a missing one', () => {
    const campi = [
      campo({ campo_id: 'p', nome: 'Pressione finale (bar)', tipo: 'numero', obbligatorio: true, ordine: 1 }),
      campo({
        campo_id: 's',
        nome: 'Impianto lasciato in sicurezza',
        tipo: 'vero_falso',
        valore_richiesto: 'true',
        ordine: 2,
      }),
      campo({ campo_id: 'n', nome: 'Note di collaudo', ordine: 3 }),
    ];
    renderUi(
      <CustomFields
        campi={campi}
        posizione="chiusura"
        values={{}}
        onChange={() => {}}
        readOnly={false}
        errors={{ 'campi_personalizzati.s': 'Impianto lasciato in sicurezza: deve essere «Sì»' }}
        visible="web"
      />,
    );
    const label = (text: string) => screen.getByText(text, { selector: 'label, label *' }).closest('label')!;
    expect(label('Pressione finale (bar)').textContent).toContain('*');
    expect(label('Impianto lasciato in sicurezza').textContent).toContain('*');
    expect(label('Note di collaudo').textContent).not.toContain('*');
    // The asterisk is no part of the name; the box says it is wrong.
    const safe = screen.getByRole('checkbox', { name: 'Impianto lasciato in sicurezza' });
    expect(safe.getAttribute('aria-invalid')).toBe('true');
  });
});
