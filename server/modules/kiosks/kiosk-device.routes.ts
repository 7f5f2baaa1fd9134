// The kiosk device's own routes (decision 083): no session — the device sends the key its set-up answered
// (x-kiosk-key), which names the kiosk and so the company; a badge scanned there names whose clock moves. System
// routes because no tenant is known until the key is looked up (on the owner connection, by the kiosk's id); every
// read and change after that runs in the kiosk's company's tenant transaction, as the badge's person.
import {
  KIOSK_KEY_HEADER,
  ZKioskAnswerSchema,
  ZKioskBadgeSchema,
  ZKioskClockInSchema,
  ZKioskSelfSchema,
} from '#common/schemas/kiosks.ts';
import { systemRoutes } from '../../plugins/route-groups.ts';
import { kioskBadge, kioskClockIn, kioskClockOut, kioskOf, kioskSelf } from './kiosk-device.service.ts';

const keyOf = (headers: Record<string, string | string[] | undefined>) => {
  const value = headers[KIOSK_KEY_HEADER];
  return Array.isArray(value) ? value[0] : value;
};

export const kioskDeviceRoutes = systemRoutes(
  {
    why: 'a kiosk tablet has no session: its key names the kiosk and its company before any tenant is known',
  },
  (r, db) => {
    const tags = ['time'];
    r.get(
      '/api/v1/kiosk',
      {
        config: { errors: ['UNAUTHENTICATED'] },
        schema: {
          summary:
            'The kiosk this device’s key names, and its company (401 when it is not, or no longer, a kiosk)',
          tags,
          response: { 200: ZKioskSelfSchema },
        },
      },
      async (request) => kioskSelf(await kioskOf(db, keyOf(request.headers))),
    );
    r.post(
      '/api/v1/kiosk/badge',
      {
        config: { errors: ['UNAUTHENTICATED', 'NOT_FOUND', 'FORBIDDEN', 'FEATURE_DISABLED', 'RATE_LIMITED'] },
        schema: {
          summary: 'Whose badge was scanned on this kiosk, and where their clock runs; moves nothing',
          tags,
          body: ZKioskBadgeSchema,
          response: { 200: ZKioskAnswerSchema },
        },
      },
      async (request) => kioskBadge(db, await kioskOf(db, keyOf(request.headers)), request.body.badge),
    );
    r.post(
      '/api/v1/kiosk/clock-in',
      {
        config: {
          errors: [
            'UNAUTHENTICATED',
            'BAD_REQUEST',
            'NOT_FOUND',
            'CONFLICT',
            'FORBIDDEN',
            'FEATURE_DISABLED',
            'RATE_LIMITED',
          ],
        },
        schema: {
          summary:
            'Clocks the badge’s person in to the scanned job (or work order’s job), or switches their clock to it',
          tags,
          body: ZKioskClockInSchema,
          response: { 200: ZKioskAnswerSchema },
        },
      },
      async (request) =>
        kioskClockIn(db, await kioskOf(db, keyOf(request.headers)), request.body, request.server.clock.now()),
    );
    r.post(
      '/api/v1/kiosk/clock-out',
      {
        config: {
          errors: [
            'UNAUTHENTICATED',
            'NOT_FOUND',
            'CONFLICT',
            'FORBIDDEN',
            'FEATURE_DISABLED',
            'RATE_LIMITED',
          ],
        },
        schema: {
          summary: 'Stops the badge’s person’s clock',
          tags,
          body: ZKioskBadgeSchema,
          response: { 200: ZKioskAnswerSchema },
        },
      },
      async (request) =>
        kioskClockOut(
          db,
          await kioskOf(db, keyOf(request.headers)),
          request.body.badge,
          request.server.clock.now(),
        ),
    );
  },
);
