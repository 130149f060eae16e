import { createReadStream } from 'node:fs';
import path from 'node:path';
import { type InstallerSystem, installerListSchema, isInstallerSystem } from '@lp/domain';
import { z } from 'zod';
import type { Config } from '../../platform/config.js';
import { AppError } from '../../platform/errors.js';
import type { App } from '../../platform/http.js';
import { errorSchema, fileResponse } from '../../platform/http.js';
import { contentDisposition, parseRange } from '../../platform/http-files.js';
import { listInstallers } from './list-installers.js';

/** Any signed-in member may download the desktop installers (decision 0024). */
const member = { kind: 'member' } as const;

const osParams = z.object({ os: z.string().max(20) });
const fileParams = z.object({ os: z.string().max(20), name: z.string().min(1).max(255) });

function systemOf(os: string): InstallerSystem {
  // Another system, or an encoded or odd spelling of one, is a page that does not exist.
  if (!isInstallerSystem(os)) throw new AppError('NOT_FOUND');
  return os;
}

/** GET /api/downloads/{os} lists the installers (the spec's installer call); GET …/{name} serves one. */
export function registerDownloadRoutes(app: App, deps: { config: Config }) {
  const dir = deps.config.INSTALLERS_DIR ?? path.join(deps.config.DATA_DIR, 'installers');

  app.get(
    '/api/downloads/:os',
    {
      schema: {
        tags: ['downloads'],
        summary:
          'The desktop installer files for windows or mac, in the order they are downloaded; 404 when none is configured',
        params: osParams,
        response: { 200: installerListSchema, 404: errorSchema },
      },
      config: { access: member },
    },
    async (request, reply) => {
      const os = systemOf(request.params.os);
      const files = await listInstallers(dir, os);
      if (files.length === 0) throw new AppError('NOT_FOUND', 'No installer is available for this system.');
      reply.header('cache-control', 'private, no-store');
      return { os, files: files.map(({ name, size, sha256, url }) => ({ name, size, sha256, url })) };
    },
  );

  app.get(
    '/api/downloads/:os/:name',
    {
      schema: {
        tags: ['downloads'],
        summary: 'One installer file as an attachment (byte ranges supported); only names the list offers',
        params: fileParams,
        response: {
          200: fileResponse('The installer', 'application/octet-stream'),
          206: fileResponse('The part of the installer the Range header asked for', 'application/octet-stream'),
          400: errorSchema,
          404: errorSchema,
        },
      },
      config: { access: member },
    },
    async (request, reply) => {
      const params = request.params;
      const os = systemOf(params.os);
      // Only a name the listing offers is served: no path is ever built from what the caller sent.
      const file = (await listInstallers(dir, os)).find((f) => f.name === params.name);
      if (!file) throw new AppError('NOT_FOUND');
      const range = parseRange(request.headers.range, file.size);
      reply
        .header('content-type', 'application/octet-stream')
        .header('content-disposition', contentDisposition('attachment', file.name))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('accept-ranges', 'bytes');
      if (range === 'invalid') {
        reply.header('content-range', `bytes */${file.size}`);
        throw new AppError('BAD_REQUEST', 'The range asked for is outside the file.');
      }
      if (range) {
        return reply
          .status(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${file.size}`)
          .header('content-length', range.end - range.start + 1)
          .send(createReadStream(file.file, range));
      }
      return reply.header('content-length', file.size).send(createReadStream(file.file));
    },
  );
}
