// The failures behind a nonconformance raised by an inspection (decision 072): each failed check with the inspector's
// reading, defect code, note and photo, on the NC's own page, so whoever decides its disposition sees what was found
// without leaving it. Read from the inspection, as QC Instructions shows it.
import { useQuery } from '@tanstack/react-query';
import { inspectionLabel } from '#common/schemas/inspections.ts';
import { InspectionFailures } from '../../components/quality/inspection-failures.tsx';
import { getInspection, inspectionKey } from '../../components/quality/inspection-query.ts';
import { QueryStatus } from '../../components/query-status.tsx';

export function NcInspectionFailures({ inspectionId, number }: { inspectionId: string; number: number }) {
  const inspection = useQuery({
    queryKey: inspectionKey(inspectionId),
    queryFn: ({ signal }) => getInspection(inspectionId, signal),
  });
  if (!inspection.data)
    return (
      <QueryStatus
        query={inspection}
        errorTitle="What the inspection found could not be loaded"
        loadingLabel="Loading what the inspection found"
      />
    );
  return (
    <InspectionFailures
      inspection={inspection.data}
      title={`Failures found by inspection ${inspectionLabel(number)}`}
    />
  );
}
