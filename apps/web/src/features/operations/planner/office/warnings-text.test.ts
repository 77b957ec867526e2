import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import type { ScheduleWarning } from '@fs/contract';
import { messagesOf } from '../../../../locales/all';
import { warningText } from './warnings';

async function tFor(lng: 'it' | 'en' | 'de') {
  const i = i18next.createInstance();
  await i.init({ lng, resources: { [lng]: { translation: messagesOf(lng) } }, interpolation: { escapeValue: false } });
  return (key: string, values: Record<string, unknown>) => i.t(key, values);
}

const names = new Map([['u1', 'Pia Tecnica']]);
const nameOf = (id: string) => names.get(id);
const day = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

const late: ScheduleWarning = {
  codice: 'ritardo_attivita',
  message: "L'attività scade il 05/11/2026: pianificata 9 giorni dopo (ritardo massimo 5)",
  data: '2026-11-05',
  data_pianificata: '2026-11-14',
  ritardo_giorni: 9,
  ritardo_massimo_giorni: 5,
};
const overlap: ScheduleWarning = {
  codice: 'sovrapposizione',
  message: 'Pia Tecnica ha già un appuntamento in questo orario',
  tecnico_id: 'u1',
};
const role: ScheduleWarning = { codice: 'mansione_tecnico', message: 'X non svolge questa mansione', tecnico_id: 'u2' };

describe('warning texts', () => {
  it('reads in Italian as the server writes them, with the Italian date', async () => {
    const t = await tFor('it');
    expect(warningText(late, t, nameOf, day)).toBe(late.message);
    expect(warningText(overlap, t, nameOf, day)).toBe(overlap.message);
  });

  it("speaks the user's language from the warning's fields", async () => {
    const en = await tFor('en');
    expect(warningText(late, en, nameOf, day)).toBe(
      'The activity is due on 05/11/2026: planned 9 days later (maximum delay 5)',
    );
    expect(warningText(overlap, en, nameOf, day)).toBe('Pia Tecnica already has an appointment at this time');
    const de = await tFor('de');
    expect(warningText(overlap, de, nameOf, day)).toBe('Pia Tecnica hat zu dieser Zeit bereits einen Termin');
  });

  it("falls back to the server's message when a name or a field is missing", async () => {
    const en = await tFor('en');
    expect(warningText(role, en, nameOf, day)).toBe(role.message);
    expect(warningText({ ...late, ritardo_giorni: undefined }, en, nameOf, day)).toBe(late.message);
  });
});
