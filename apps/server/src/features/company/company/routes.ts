import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@fs/contract';
import type { Deps } from '../../../platform/deps.js';
import { AppError } from '../../../platform/errors.js';
import { contextOf } from '../../../platform/context.js';
import { contentDisposition } from '../../../platform/http/content-disposition.js';
import * as service from './service.js';
import { implement } from '../../../platform/http/route.js';

const table = routes.company;

export const companyRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  implement(app, table.getCompany, async (req) => ({
    success: true as const,
    item: await service.getCompany(contextOf(req)),
  }));

  implement(app, table.updateCompany, async (req) => ({
    success: true as const,
    item: await service.updateCompany(contextOf(req), req.body),
  }));

  implement(app, table.getLogo, async (req, reply) => {
    const logo = await service.getLogo(contextOf(req));
    return reply
      .header('content-type', logo.contentType)
      .header('content-length', String(logo.size))
      .header('content-disposition', contentDisposition('inline', logo.filename))
      .header('cache-control', 'private, max-age=300')
      .send(logo.body);
  });

  implement(app, table.replaceLogo, async (req) => {
    if (!req.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Atteso multipart/form-data');
    const part = await req.file({ limits: { fileSize: deps.config.LOGO_MAX_BYTES, files: 1, fields: 0 } });
    if (!part || part.fieldname !== 'file') {
      part?.file.resume();
      throw new AppError('VALIDATION', 'Campo "file" mancante', [{ path: 'file', message: 'obbligatorio' }]);
    }
    return { success: true as const, item: await service.replaceLogo(contextOf(req), part.file) };
  });
};
