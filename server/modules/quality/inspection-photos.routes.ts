// A failed result's photo (decision 072): the inspector at the bench takes a picture of the defect before recording
// the failure. As a breakdown's photo (decision 057): everyone's in the company while Quality is on, pictures alone
// (10 MB), stored as any file and served by GET /api/v1/files/:id (the shared photo route, files/upload-routes.ts).
import { INSPECTION_MESSAGES } from '#common/schemas/inspections.ts';
import { photoUploadRoutes } from '../files/upload-routes.ts';

export const inspectionPhotosRoutes = photoUploadRoutes({
  feature: 'quality',
  path: '/api/v1/inspections/photos',
  whose: 'a failed result’s photo',
  tag: 'quality',
  notPicture: INSPECTION_MESSAGES.photoNotPicture,
});
