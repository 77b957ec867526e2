import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@fs/contract';
import type { Deps } from '../../../platform/deps.js';
import { contextOf } from '../../../platform/context.js';
import { contentDisposition } from '../../../platform/http/content-disposition.js';
import { primed, streamOf } from '../../../platform/http/streams.js';
import { sendTableExport } from '../../../platform/http/table-export.js';
import * as closing from './closing.js';
import { daneaReport, daneaReports, type DaneaExport } from './danea.js';
import { downloadBulk } from './bulk-pdf.js';
import { fatturaPa, type FatturaPaFile } from './fatturapa.js';
import { deleteBulk } from './deletion.js';
import { readReportPdf } from './pdf.js';
import { exportReports } from './export.js';
import { reportCsv, reportJson } from './open-export.js';
import * as service from './service.js';
import * as signature from './signature.js';
import { mailLog, sendReport } from './report-mail.js';
import { implement } from '../../../platform/http/route.js';

const table = routes.reports;

async function sendXml(reply: FastifyReply, x: DaneaExport): Promise<FastifyReply> {
  const body = await primed(x.body);
  return reply
    .header('content-type', 'application/xml; charset=utf-8')
    .header('content-disposition', contentDisposition('attachment', x.name))
    .header('x-content-type-options', 'nosniff')
    .send(streamOf(reply.log, x.name, body));
}

function sendFatturaPa(reply: FastifyReply, f: FatturaPaFile): FastifyReply {
  return reply
    .header('content-type', 'application/xml; charset=utf-8')
    .header('content-disposition', contentDisposition('attachment', f.name))
    .header('x-content-type-options', 'nosniff')
    .send(f.xml);
}

/** Work reports (spec operations 3-9; issue 11). */
export const reportRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  implement(app, table.list, async (req) => {
    const r = await service.list(contextOf(req), req.query);
    return {
      success: true as const,
      ...r,
      ...(r.tableInfos ? { columns: r.tableInfos.selectedColumns } : {}),
    };
  });

  implement(app, table.exportList, async (req, reply) =>
    sendTableExport(reply, exportReports(contextOf(req), req.query)),
  );

  implement(app, table.daneaReport, async (req, reply) =>
    sendXml(reply, await daneaReport(contextOf(req), req.params.id)),
  );

  implement(app, table.daneaReports, async (req, reply) =>
    sendXml(reply, await daneaReports(contextOf(req), req.query)),
  );

  implement(app, table.fatturaPaReport, async (req, reply) =>
    sendFatturaPa(reply, await fatturaPa(contextOf(req), [req.params.id])),
  );

  implement(app, table.fatturaPaReports, async (req, reply) =>
    sendFatturaPa(reply, await fatturaPa(contextOf(req), req.query.ids)),
  );

  implement(app, routes.reportExports.json, async (req, reply) => {
    const f = await reportJson(contextOf(req), req.params.id);
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', contentDisposition('attachment', f.name))
      .header('x-content-type-options', 'nosniff')
      .send(f.body);
  });

  implement(app, routes.reportExports.csv, async (req, reply) =>
    sendTableExport(reply, await reportCsv(contextOf(req), req.params.id)),
  );

  implement(app, table.downloadBulk, async (req, reply) => {
    const { stream, count } = await downloadBulk(contextOf(req), req.body);
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', contentDisposition('attachment', 'rapportini.zip'))
      .header('x-report-count', String(count))
      .send(streamOf(req.log, 'rapportini.zip', stream));
  });

  implement(app, table.get, async (req) => ({
    success: true as const,
    item: await service.get(contextOf(req), req.params.id),
  }));

  implement(app, table.pdf, async (req, reply) => {
    const file = await readReportPdf(contextOf(req), req.params.id);
    if (file.media) reply.header('x-media-id', file.media.id);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', contentDisposition('attachment', file.filename))
      .header('content-length', String(file.size))
      .header('x-content-type-options', 'nosniff')
      .send(await file.open());
  });

  implement(app, table.storePdf, async (req) => {
    const file = await readReportPdf(contextOf(req), req.body.id, true);
    return { success: true as const, item: { id: file.media!.id, filename: file.filename, size: file.size } };
  });

  implement(app, table.saveWork, async (req) => ({
    success: true as const,
    item: await service.save(contextOf(req), req.body),
  }));

  implement(app, table.adminUpdate, async (req) => ({
    success: true as const,
    item: await service.save(contextOf(req), req.body),
  }));

  implement(app, table.close, async (req) =>
    req.body.azione === 'riapri'
      ? { success: true as const, item: await closing.reopen(contextOf(req), req.body.id, req.body.cancella_firma) }
      : { success: true as const, ...(await closing.close(contextOf(req), req.body.id, req.body.azione)) },
  );

  implement(app, table.todos, async (req) => ({
    success: true as const,
    items: await service.todos(contextOf(req), req.query),
  }));

  implement(app, table.deleteBulk, async (req) => ({
    success: true as const,
    ...(await deleteBulk(contextOf(req), req.body.ids)),
  }));

  implement(app, table.sign, async (req) => ({
    success: true as const,
    item: await signature.sign(contextOf(req), req.body),
  }));

  implement(app, table.clearSignature, async (req) => ({
    success: true as const,
    item: await signature.clear(contextOf(req), req.params.id),
  }));

  implement(app, table.sendSignatureLink, async (req) => ({
    success: true as const,
    ...(await signature.sendLink(contextOf(req), req.body)),
  }));

  /* ---------- the report mailed to the customer, and its log (issue 12) ---------- */

  implement(app, table.sendReport, async (req) => ({
    success: true as const,
    item: await sendReport(contextOf(req), req.body),
  }));

  implement(app, table.mailLog, async (req) => ({
    success: true as const,
    items: await mailLog(contextOf(req), req.params.id),
  }));

  implement(app, table.publicSummary, async (req) => ({
    success: true as const,
    item: await signature.publicSummary(deps, req.params.token, req.ip),
  }));

  implement(app, table.publicSign, async (req) => ({
    success: true as const,
    ...(await signature.publicSign(deps, req.params.token, req.body, req.ip)),
  }));
};
