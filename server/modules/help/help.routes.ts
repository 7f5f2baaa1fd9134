// Help: Getting started for the signed-in person (the articles themselves are bundled into the web app, decision 043).
import { ZGettingStartedSchema } from '#common/schemas/help.ts';
import { tenantOf, tenantRoutes } from '../../plugins/route-groups.ts';
import { gettingStarted } from './help.service.ts';

/** Every signed-in user; no area (the steps of switched-off areas are left out instead). */
export const helpRoutes = tenantRoutes({}, (r) => {
  r.get(
    '/api/v1/help/getting-started',
    {
      schema: {
        summary:
          "The first steps offered to you (an admin's set-up steps, an operator's own), each ticked from your company's data",
        tags: ['help'],
        response: { 200: ZGettingStartedSchema },
      },
    },
    async (request) => gettingStarted(tenantOf(request)),
  );
});
