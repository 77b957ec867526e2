import type { AppointmentSummary } from '@fs/contract';

export interface LegendEntry {
  id: string;
  nome: string;
  colore: number;
}

/**
 * The legend: each technician with the colour index the server gave them (read from the loaded
 * appointments), technicians without appointments in the range by their place in the company's
 * list; sorted by name.
 */
export function legendOf(
  appointments: AppointmentSummary[],
  technicians: { id: string; nome: string; indice: number }[],
): LegendEntry[] {
  const byId = new Map<string, LegendEntry>();
  for (const a of appointments) for (const t of a.tecnici) if (!byId.has(t.id)) byId.set(t.id, { ...t });
  for (const t of technicians) if (!byId.has(t.id)) byId.set(t.id, { id: t.id, nome: t.nome, colore: t.indice % 12 });
  return [...byId.values()].sort((a, b) => a.nome.localeCompare(b.nome, 'it'));
}
