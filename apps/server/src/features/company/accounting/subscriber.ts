import type { Deps } from '../../../platform/deps.js';
import { defineSubscriber } from '../../../platform/events/dispatcher.js';
import { exporterOf } from './exporters.js';
import { markToSend } from './repo.js';
import { accountingSettings } from './settings.js';
import { wakeExports } from './worker.js';

/** One wake-up function per process (the dispatcher runs it once for a batch). */
const wakes = new WeakMap<Deps['jobs'], () => Promise<void>>();
function wakeOf(deps: Deps): () => Promise<void> {
  let wake = wakes.get(deps.jobs);
  if (!wake) wakes.set(deps.jobs, (wake = () => wakeExports(deps)));
  return wake;
}

/**
 * A completed report goes to the management tool (decision 0051) when the integration is on with automatic export and
 * the chosen tool has an exporter: it is marked to send in the dispatcher's transaction (the row's key makes it once
 * however often the event is handed) and the export job is woken after the commit.
 */
export const accountingExportSubscriber = defineSubscriber({
  name: 'accounting.export',
  events: ['report.completed'],
  batch: 50,
  async handle(ctx, event) {
    const s = await accountingSettings(ctx.deps, ctx.company.id);
    if (!s.enabled || !s.auto || !exporterOf(s.tool)) return;
    const marked = await markToSend(ctx.db, ctx.company.id, [event.payload.id], s.tool, ctx.clock.now());
    if (marked.length) return wakeOf(ctx.deps);
  },
});
