import type { Deps } from '../../../platform/deps.js';
import { optionValues } from '../options/service.js';

/** The options of the management tool integration (platform spec; admins only): on, tool, automatic export. */
export async function accountingSettings(deps: Deps, aziendaId: string) {
  const [enabled, tool, auto] = await optionValues(deps, aziendaId, [
    ['integrazione_gestionale', 'enabled'],
    ['integrazione_gestionale', 'gestionale'],
    ['integrazione_gestionale', 'esporta_automatico'],
  ]);
  return { enabled: enabled === '1', tool: tool ?? '', auto: auto === '1' };
}
