// A breakdown's photo (decision 057): a technician on a phone uploads a picture of the fault before reporting it.
// The files route (decision 046) is for admins and takes videos of 200 MB; this one is everyone's in the company while
// Maintenance is on, and takes pictures alone (10 MB), stored as any file and served by GET /api/v1/files/:id (the
// shared photo route, files/upload-routes.ts).
import { BREAKDOWN_MESSAGES } from '#common/schemas/breakdowns.ts';
import { photoUploadRoutes } from '../files/upload-routes.ts';

export const breakdownPhotosRoutes = photoUploadRoutes({
  feature: 'maintenance',
  path: '/api/v1/breakdowns/photos',
  whose: 'a breakdown’s photo',
  tag: 'maintenance',
  notPicture: BREAKDOWN_MESSAGES.photoNotPicture,
});
