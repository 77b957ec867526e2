import type { AccountingExporter } from './exporter.js';
import { fattureInCloudExporter } from './fattureincloud/exporter.js';
import { mexalExporter } from './mexal/exporter.js';

/** The exporters of the tools the product sends completed reports to, by the `gestionale` option's value. */
export const exporters: readonly AccountingExporter[] = [fattureInCloudExporter, mexalExporter];

export const exporterOf = (tool: string | null | undefined): AccountingExporter | undefined =>
  exporters.find((e) => e.tool === tool);
