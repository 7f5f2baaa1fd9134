// Kiosks and badges as admins manage them (decision 083), with the Time area on: set up this device as a kiosk, list
// and revoke kiosks; a person's badge — whether they have one, print a new one (the old stops working), revoke it.
import {
  ZBadgePrintSchema,
  ZBadgeStateSchema,
  ZKioskCreatedSchema,
  ZKioskCreateSchema,
  ZKioskIdParamsSchema,
  ZKioskListQuerySchema,
  ZKioskPageSchema,
  ZKioskSchema,
  ZUserIdParamsSchema,
} from '#common/schemas/kiosks.ts';
import { fileResponse } from '../../plugins/api-errors.ts';
import { tenantOf, tenantRoutes } from '../../plugins/route-groups.ts';
import { badgeState, printBadge, revokeBadge } from './badges.service.ts';
import { createKiosk, listKiosks, revokeKiosk } from './kiosks.service.ts';

export const kioskAdminRoutes = tenantRoutes({ feature: 'time', role: 'admin' }, (r) => {
  const tags = ['time'];
  r.get(
    '/api/v1/kiosks',
    {
      schema: {
        summary: 'The company’s kiosks, newest first, with when each was last used and whether it is revoked',
        tags,
        querystring: ZKioskListQuerySchema,
        response: { 200: ZKioskPageSchema },
      },
    },
    async (request) => listKiosks(tenantOf(request), request.query),
  );
  r.post(
    '/api/v1/kiosks',
    {
      config: { errors: ['BAD_REQUEST'] },
      schema: {
        summary:
          'Sets up the calling device as a kiosk: its key is answered this once, for the device to keep',
        tags,
        body: ZKioskCreateSchema,
        response: { 201: ZKioskCreatedSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createKiosk(tenantOf(request), request.body, request.server.clock.now())),
  );
  r.post(
    '/api/v1/kiosks/:id/revoke',
    {
      config: { errors: ['NOT_FOUND', 'CONFLICT'] },
      schema: {
        summary: 'Revokes a kiosk: its key moves no clock again',
        tags,
        params: ZKioskIdParamsSchema,
        response: { 200: ZKioskSchema },
      },
    },
    async (request) => revokeKiosk(tenantOf(request), request.params.id, request.server.clock.now()),
  );
  r.get(
    '/api/v1/users/:id/badge',
    {
      config: { errors: ['NOT_FOUND'] },
      schema: {
        summary: 'Whether a person has a live badge (how its code ends, never the code)',
        tags,
        params: ZUserIdParamsSchema,
        response: { 200: ZBadgeStateSchema },
      },
    },
    async (request) => badgeState(tenantOf(request), request.params.id),
  );
  r.post(
    '/api/v1/users/:id/badge/print',
    {
      config: { errors: ['BAD_REQUEST', 'NOT_FOUND', 'CONFLICT'] },
      schema: {
        summary: 'Prints a person a new badge (a QR label); their previous badge stops working',
        tags,
        params: ZUserIdParamsSchema,
        body: ZBadgePrintSchema,
        response: {
          200: fileResponse('The badge: a PDF, or ZPL (text/plain)', ['application/pdf', 'text/plain']),
        },
      },
    },
    async (request, reply) => {
      const file = await printBadge(
        tenantOf(request),
        request.params.id,
        request.body,
        request.server.clock.now(),
      );
      return reply
        .type(file.contentType)
        .header('cache-control', 'no-store')
        .header('x-label-count', '1')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .send(typeof file.body === 'string' ? file.body : Buffer.from(file.body));
    },
  );
  r.post(
    '/api/v1/users/:id/badge/revoke',
    {
      config: { errors: ['NOT_FOUND', 'CONFLICT'] },
      schema: {
        summary: 'Revokes a person’s badge: scanned on a kiosk, it is not recognised',
        tags,
        params: ZUserIdParamsSchema,
        response: { 200: ZBadgeStateSchema },
      },
    },
    async (request) => revokeBadge(tenantOf(request), request.params.id, request.server.clock.now()),
  );
});
